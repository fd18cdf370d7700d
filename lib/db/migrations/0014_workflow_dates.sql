ALTER TABLE "workflows" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "archived_at" timestamp with time zone;