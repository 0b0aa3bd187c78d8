CREATE TABLE "chapter_progress" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"chapter_id" integer NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completion_percentage" integer DEFAULT 0 NOT NULL,
	"words_read" integer DEFAULT 0 NOT NULL,
	"points_earned" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chapter_progress_percentage" CHECK ("chapter_progress"."completion_percentage" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "saved_words" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	"word" text NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_story_id" integer,
	"last_chapter_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_language_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	"native_language_id" integer,
	"total_words_read" integer DEFAULT 0 NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"current_level" text DEFAULT 'beginner' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_language_progress_level" CHECK ("user_language_progress"."current_level" IN ('beginner', 'intermediate', 'advanced'))
);
--> statement-breakpoint
ALTER TABLE "chapter_progress" ADD CONSTRAINT "chapter_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_progress" ADD CONSTRAINT "chapter_progress_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_words" ADD CONSTRAINT "saved_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_words" ADD CONSTRAINT "saved_words_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_words" ADD CONSTRAINT "saved_words_last_story_id_stories_id_fk" FOREIGN KEY ("last_story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_words" ADD CONSTRAINT "saved_words_last_chapter_id_chapters_id_fk" FOREIGN KEY ("last_chapter_id") REFERENCES "public"."chapters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_language_progress" ADD CONSTRAINT "user_language_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_language_progress" ADD CONSTRAINT "user_language_progress_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_language_progress" ADD CONSTRAINT "user_language_progress_native_language_id_languages_id_fk" FOREIGN KEY ("native_language_id") REFERENCES "public"."languages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_progress_user_chapter" ON "chapter_progress" USING btree ("user_id","chapter_id");--> statement-breakpoint
CREATE INDEX "chapter_progress_chapter_id" ON "chapter_progress" USING btree ("chapter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_words_user_language_word" ON "saved_words" USING btree ("user_id","language_id","word");--> statement-breakpoint
CREATE INDEX "saved_words_user_last_seen" ON "saved_words" USING btree ("user_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "saved_words_last_story_id" ON "saved_words" USING btree ("last_story_id");--> statement-breakpoint
CREATE INDEX "saved_words_last_chapter_id" ON "saved_words" USING btree ("last_chapter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_language_progress_user_language" ON "user_language_progress" USING btree ("user_id","language_id");