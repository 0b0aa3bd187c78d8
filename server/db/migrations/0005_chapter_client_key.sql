ALTER TABLE "chapters" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "chapters_story_client_key" ON "chapters" USING btree ("story_id","client_key");