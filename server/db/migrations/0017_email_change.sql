ALTER TABLE "one_time_tokens" ADD COLUMN "purpose" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_change_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose" CHECK ("one_time_tokens"."purpose" IN ('sign_in', 'email_change'));