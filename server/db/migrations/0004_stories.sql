CREATE TABLE "chapters" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"chapter_number" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"order_index" integer NOT NULL,
	"audio_key" text,
	"audio_duration_seconds" integer,
	"generation_prompt" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language_id" integer NOT NULL,
	"difficulty_level" text DEFAULT 'child' NOT NULL,
	"estimated_word_count" integer DEFAULT 0 NOT NULL,
	"length_category" text DEFAULT 'very_short' NOT NULL,
	"topics" text DEFAULT '' NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_adult_content" boolean DEFAULT false NOT NULL,
	"cover_image_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_difficulty" CHECK ("stories"."difficulty_level" IN ('infant', 'child', 'teen', 'adult', 'expert')),
	CONSTRAINT "stories_length" CHECK ("stories"."length_category" IN ('very_short', 'short', 'medium', 'long'))
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapters_story_order" ON "chapters" USING btree ("story_id","order_index");--> statement-breakpoint
CREATE INDEX "stories_language_id" ON "stories" USING btree ("language_id");