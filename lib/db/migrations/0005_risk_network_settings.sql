CREATE TABLE "team_settings" (
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"aml_threshold" integer DEFAULT 96 NOT NULL,
	"online_footprint_threshold" integer DEFAULT 50 NOT NULL,
	"retention_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_settings_team_id_mode_pk" PRIMARY KEY("team_id","mode")
);
--> statement-breakpoint
CREATE TABLE "evidence_files" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"role" text NOT NULL,
	"mime_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"transport" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "aml_entities" (
	"id" text PRIMARY KEY NOT NULL,
	"list_version_id" text NOT NULL,
	"entity_key" text NOT NULL,
	"caption" text NOT NULL,
	"entity_type" text NOT NULL,
	"risk_type" text NOT NULL,
	"names" text[] NOT NULL,
	"birth_dates" text[] NOT NULL,
	"countries" text[] NOT NULL,
	"datasets" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aml_list_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"entity_count" integer NOT NULL,
	"imported_by" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocklist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email_key" text,
	"identity_key" text,
	"face_embedding" real[],
	"label" text NOT NULL,
	"reason" text NOT NULL,
	"added_by_team_id" text,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fraud_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"mode" "mode" NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"email_key" text,
	"identity_key" text,
	"face_embedding" real[],
	"reason" text NOT NULL,
	"reported_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monitoring_matches" (
	"account_id" text NOT NULL,
	"entity_key" text NOT NULL,
	"alert_id" text,
	"score" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_matches_account_id_entity_key_pk" PRIMARY KEY("account_id","entity_key")
);
--> statement-breakpoint
CREATE TABLE "network_faces" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"network_identity_id" text,
	"identity_key" text,
	"embedding" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"email_key" text NOT NULL,
	"identity_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "residency_datasets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"record_count" integer NOT NULL,
	"mode" "mode" DEFAULT 'live' NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "residency_records" (
	"id" text PRIMARY KEY NOT NULL,
	"dataset_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"last_name_key" text NOT NULL,
	"date_of_birth" text,
	"residence_number" text,
	"building_name" text,
	"street" text,
	"city" text,
	"postcode_key" text NOT NULL,
	"country_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_settings" ADD CONSTRAINT "team_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aml_entities" ADD CONSTRAINT "aml_entities_list_version_id_aml_list_versions_id_fk" FOREIGN KEY ("list_version_id") REFERENCES "public"."aml_list_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocklist_entries" ADD CONSTRAINT "blocklist_entries_added_by_team_id_teams_id_fk" FOREIGN KEY ("added_by_team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_reports" ADD CONSTRAINT "fraud_reports_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_matches" ADD CONSTRAINT "monitoring_matches_account_id_monitored_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."monitored_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_matches" ADD CONSTRAINT "monitoring_matches_alert_id_account_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."account_alerts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_faces" ADD CONSTRAINT "network_faces_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_faces" ADD CONSTRAINT "network_faces_network_identity_id_network_identities_id_fk" FOREIGN KEY ("network_identity_id") REFERENCES "public"."network_identities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_identities" ADD CONSTRAINT "network_identities_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "residency_records" ADD CONSTRAINT "residency_records_dataset_id_residency_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."residency_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_files_owner_idx" ON "evidence_files" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "evidence_files_team_mode_created_idx" ON "evidence_files" USING btree ("team_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "outbound_emails_team_created_idx" ON "outbound_emails" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "aml_entities_version_idx" ON "aml_entities" USING btree ("list_version_id");--> statement-breakpoint
CREATE INDEX "aml_entities_entity_key_idx" ON "aml_entities" USING btree ("entity_key");--> statement-breakpoint
CREATE INDEX "aml_list_versions_source_imported_idx" ON "aml_list_versions" USING btree ("source","imported_at");--> statement-breakpoint
CREATE INDEX "blocklist_entries_email_idx" ON "blocklist_entries" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "blocklist_entries_identity_idx" ON "blocklist_entries" USING btree ("identity_key");--> statement-breakpoint
CREATE INDEX "fraud_reports_email_idx" ON "fraud_reports" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "fraud_reports_identity_idx" ON "fraud_reports" USING btree ("identity_key");--> statement-breakpoint
CREATE INDEX "fraud_reports_team_mode_created_idx" ON "fraud_reports" USING btree ("team_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "network_faces_identity_idx" ON "network_faces" USING btree ("identity_key");--> statement-breakpoint
CREATE INDEX "network_identities_email_created_idx" ON "network_identities" USING btree ("email_key","created_at");--> statement-breakpoint
CREATE INDEX "network_identities_email_identity_idx" ON "network_identities" USING btree ("email_key","identity_key");--> statement-breakpoint
CREATE INDEX "network_identities_identity_idx" ON "network_identities" USING btree ("identity_key");--> statement-breakpoint
CREATE INDEX "network_identities_source_idx" ON "network_identities" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "residency_records_dataset_name_idx" ON "residency_records" USING btree ("dataset_id","last_name_key","date_of_birth");--> statement-breakpoint
CREATE INDEX "residency_records_dataset_postcode_idx" ON "residency_records" USING btree ("dataset_id","postcode_key");