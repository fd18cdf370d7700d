CREATE TABLE "evisa_records" (
	"share_code" text PRIMARY KEY NOT NULL,
	"date_of_birth" date NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"reference_number" text NOT NULL,
	"nationality" text,
	"immigration_status" text NOT NULL,
	"valid_from" date,
	"expiration_date" date,
	"max_weekly_hours" text,
	"no_self_employment" text,
	"status_recognised" boolean DEFAULT true NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
