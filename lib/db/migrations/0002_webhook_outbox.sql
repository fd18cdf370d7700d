CREATE TYPE "public"."webhook_message_status" AS ENUM('pending', 'delivering', 'retrying', 'delivered', 'failed');--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"attempt" integer NOT NULL,
	"url" text,
	"status_code" integer,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"event" text NOT NULL,
	"payload" json NOT NULL,
	"verification_id" text,
	"status" "webhook_message_status" DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"enqueued_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"replay_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "events" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_message_attempt_key" ON "webhook_attempts" USING btree ("message_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_messages_seq_key" ON "webhook_messages" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "webhook_messages_team_mode_created_idx" ON "webhook_messages" USING btree ("team_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_messages_team_mode_status_idx" ON "webhook_messages" USING btree ("team_id","mode","status","created_at");--> statement-breakpoint
CREATE INDEX "webhook_messages_case_idx" ON "webhook_messages" USING btree ("team_id","mode","verification_id","seq");--> statement-breakpoint
CREATE INDEX "webhook_messages_due_idx" ON "webhook_messages" USING btree ("next_attempt_at") WHERE status in ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "webhook_messages_leased_idx" ON "webhook_messages" USING btree ("locked_until") WHERE status = 'delivering';