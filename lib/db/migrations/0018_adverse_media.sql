CREATE TABLE "adverse_media_articles" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"link" text NOT NULL,
	"source" text NOT NULL,
	"published_at" text,
	"body" text NOT NULL,
	"location" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "adverse_media_articles_imported_idx" ON "adverse_media_articles" USING btree ("imported_at");