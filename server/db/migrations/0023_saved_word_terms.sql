ALTER TABLE "saved_words" ADD COLUMN "term" text;--> statement-breakpoint
ALTER TABLE "saved_words" ADD COLUMN "sentence" text;