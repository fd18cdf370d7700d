CREATE TABLE "vouches" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"verification_id" text NOT NULL,
	"referee_verification_id" text NOT NULL,
	"kind" text NOT NULL,
	"referee_name" text NOT NULL,
	"referee_email" text NOT NULL,
	"relationship" text NOT NULL,
	"known_years" text NOT NULL,
	"profession" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"answers" jsonb,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vouches" ADD CONSTRAINT "vouches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouches" ADD CONSTRAINT "vouches_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouches" ADD CONSTRAINT "vouches_referee_verification_id_verifications_id_fk" FOREIGN KEY ("referee_verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vouches_verification_idx" ON "vouches" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "vouches_referee_case_idx" ON "vouches" USING btree ("referee_verification_id");--> statement-breakpoint
CREATE INDEX "vouches_referee_email_idx" ON "vouches" USING btree ("team_id","referee_email","created_at");