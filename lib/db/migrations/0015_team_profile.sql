ALTER TABLE "teams" ADD COLUMN "public_name" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "plan" text DEFAULT 'PAYG' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "partner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "parent_team_id" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;