CREATE TYPE "public"."account_status" AS ENUM('New', 'Acknowledged', 'Clear');--> statement-breakpoint
CREATE TYPE "public"."risk_type" AS ENUM('sanction', 'pep');--> statement-breakpoint
CREATE TABLE "workflows" (
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflows_team_id_mode_id_pk" PRIMARY KEY("team_id","mode","id")
);
--> statement-breakpoint
CREATE TABLE "risk_assessments" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"report" text NOT NULL,
	"risk_score" integer,
	"recommendation" text,
	"enrichments" jsonb NOT NULL,
	"response" jsonb NOT NULL,
	"billable" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"postcode_key" text NOT NULL,
	"postcode" text NOT NULL,
	"residence_number" text,
	"building_name" text,
	"street" text,
	"city" text NOT NULL,
	"region" text,
	"country_code" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"account_id" text NOT NULL,
	"matches" jsonb NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitored_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"date_of_birth" text,
	"risk_type" "risk_type",
	"status" "account_status" DEFAULT 'Clear' NOT NULL,
	"alerts_enabled_at" timestamp with time zone,
	"last_screened_at" timestamp with time zone,
	"risk_assessment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_team_id_mode_pk" PRIMARY KEY("team_id","mode")
);
--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_assessments" ADD CONSTRAINT "risk_assessments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_alerts" ADD CONSTRAINT "account_alerts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_alerts" ADD CONSTRAINT "account_alerts_account_id_monitored_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."monitored_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_accounts" ADD CONSTRAINT "monitored_accounts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_assessments_team_mode_created_idx" ON "risk_assessments" USING btree ("team_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "addresses_team_mode_postcode_idx" ON "addresses" USING btree ("team_id","mode","postcode_key");--> statement-breakpoint
CREATE INDEX "account_alerts_account_idx" ON "account_alerts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "monitored_accounts_team_mode_created_idx" ON "monitored_accounts" USING btree ("team_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "monitored_accounts_team_mode_status_idx" ON "monitored_accounts" USING btree ("team_id","mode","status");