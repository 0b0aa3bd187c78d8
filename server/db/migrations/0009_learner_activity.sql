-- The library's search (server/reading/library.ts) matches folded text (lower case, accents removed) by
-- substring through a trigram index. unaccent and pg_trgm are contrib extensions, trusted since PostgreSQL 13:
-- the database's owner may create them. The function is declared immutable so that an index may use it (its
-- result changes only if unaccent's rules file is edited; reindex stories_search then). Its SQL-standard
-- body binds unaccent and its dictionary when it is created, whatever the search_path is later.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fold_for_search(value text) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN lower(unaccent('unaccent'::regdictionary, value));--> statement-breakpoint
CREATE TABLE "daily_goals" (
	"user_id" uuid NOT NULL,
	"language_id" integer NOT NULL,
	"goal_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_goals_user_id_language_id_pk" PRIMARY KEY("user_id","language_id"),
	CONSTRAINT "daily_goals_minutes" CHECK ("daily_goals"."goal_minutes" BETWEEN 1 AND 300)
);
--> statement-breakpoint
CREATE TABLE "reading_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"language_id" integer NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"words_read" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_days_user_id_day_language_id_pk" PRIMARY KEY("user_id","day","language_id"),
	CONSTRAINT "reading_days_seconds" CHECK ("reading_days"."seconds" BETWEEN 0 AND 86400),
	CONSTRAINT "reading_days_words_read" CHECK ("reading_days"."words_read" >= 0)
);
--> statement-breakpoint
ALTER TABLE "daily_goals" ADD CONSTRAINT "daily_goals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_goals" ADD CONSTRAINT "daily_goals_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_days" ADD CONSTRAINT "reading_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_days" ADD CONSTRAINT "reading_days_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_search" ON "stories" USING gin (fold_for_search("title" || ' ' || "author" || ' ' || "description") gin_trgm_ops);