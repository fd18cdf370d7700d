CREATE TABLE "evidence_objects" (
	"evidence_id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"backend" text NOT NULL,
	"object_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosted_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"verification_id" text NOT NULL,
	"step" text NOT NULL,
	"outcome" text NOT NULL,
	"counted" integer DEFAULT 1 NOT NULL,
	"reason" text,
	"evidence_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosted_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"verification_id" text NOT NULL,
	"steps" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosted_handoffs" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"verification_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosted_sessions" (
	"verification_id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"consented_at" timestamp with time zone,
	"claim_confirmed_at" timestamp with time zone,
	"document_kind" text,
	"accepted" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"upload_window_start" timestamp with time zone,
	"upload_count" integer DEFAULT 0 NOT NULL,
	"handoff_opened_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"checks_lease_until" timestamp with time zone,
	"checks_runs" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"expiry_notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hosted_settings" (
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hosted_settings_team_id_mode_pk" PRIMARY KEY("team_id","mode")
);
--> statement-breakpoint
ALTER TABLE "evidence_objects" ADD CONSTRAINT "evidence_objects_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_attempts" ADD CONSTRAINT "hosted_attempts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_attempts" ADD CONSTRAINT "hosted_attempts_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_challenges" ADD CONSTRAINT "hosted_challenges_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_challenges" ADD CONSTRAINT "hosted_challenges_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_handoffs" ADD CONSTRAINT "hosted_handoffs_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_handoffs" ADD CONSTRAINT "hosted_handoffs_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_sessions" ADD CONSTRAINT "hosted_sessions_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_sessions" ADD CONSTRAINT "hosted_sessions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hosted_settings" ADD CONSTRAINT "hosted_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_objects_created_idx" ON "evidence_objects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "hosted_attempts_case_idx" ON "hosted_attempts" USING btree ("verification_id","step","created_at");--> statement-breakpoint
CREATE INDEX "hosted_challenges_case_idx" ON "hosted_challenges" USING btree ("verification_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hosted_handoffs_code_key" ON "hosted_handoffs" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "hosted_handoffs_case_idx" ON "hosted_handoffs" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "hosted_sessions_checks_idx" ON "hosted_sessions" USING btree ("submitted_at","checked_at");