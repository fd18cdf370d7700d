ALTER TABLE "hosted_settings" ADD COLUMN "referee_professions" jsonb;--> statement-breakpoint
ALTER TABLE "hosted_settings" ADD COLUMN "referee_limit" integer;