DROP INDEX "webhook_messages_seq_key";--> statement-breakpoint
DROP INDEX "webhook_messages_team_mode_created_idx";--> statement-breakpoint
DROP INDEX "webhook_messages_team_mode_status_idx";--> statement-breakpoint
DROP INDEX "webhook_messages_case_idx";--> statement-breakpoint
CREATE INDEX "webhook_messages_team_mode_seq_idx" ON "webhook_messages" USING btree ("team_id","mode","seq");--> statement-breakpoint
CREATE INDEX "webhook_messages_failed_idx" ON "webhook_messages" USING btree ("team_id","mode","created_at") WHERE status = 'failed';--> statement-breakpoint
CREATE INDEX "webhook_messages_case_idx" ON "webhook_messages" USING btree ("team_id","mode","verification_id","seq") WHERE verification_id is not null;