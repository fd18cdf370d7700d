CREATE TABLE "embed_settings" (
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"frame_ancestors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embed_settings_team_id_mode_pk" PRIMARY KEY("team_id","mode")
);
--> statement-breakpoint
ALTER TABLE "embed_settings" ADD CONSTRAINT "embed_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;