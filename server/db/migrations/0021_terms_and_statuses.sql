CREATE TABLE "chapter_terms" (
	"chapter_id" integer NOT NULL,
	"term" text NOT NULL,
	"occurrences" integer NOT NULL,
	CONSTRAINT "chapter_terms_chapter_id_term_pk" PRIMARY KEY("chapter_id","term")
);
--> statement-breakpoint
CREATE TABLE "term_statuses" (
	"user_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	"term" text NOT NULL,
	"status" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_statuses_user_id_language_id_term_pk" PRIMARY KEY("user_id","language_id","term"),
	CONSTRAINT "term_statuses_status" CHECK ("term_statuses"."status" BETWEEN 1 AND 6)
);
--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "term_map" jsonb;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "terms_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chapters" ADD COLUMN "terms_import_id" integer;--> statement-breakpoint
ALTER TABLE "chapter_terms" ADD CONSTRAINT "chapter_terms_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_statuses" ADD CONSTRAINT "term_statuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_statuses" ADD CONSTRAINT "term_statuses_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_terms_term_chapter" ON "chapter_terms" USING btree ("term","chapter_id");--> statement-breakpoint
CREATE INDEX "term_statuses_language_id" ON "term_statuses" USING btree ("language_id");