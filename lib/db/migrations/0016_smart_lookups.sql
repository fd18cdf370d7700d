CREATE TABLE "smart_lookups" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"checks" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"billable" boolean NOT NULL,
	"monitored_account_id" text,
	"alerts_enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_lookups" ADD CONSTRAINT "smart_lookups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_lookups_team_mode_created_idx" ON "smart_lookups" USING btree ("team_id","mode","created_at");