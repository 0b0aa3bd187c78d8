CREATE TABLE "dictionaries" (
	"source_code" text NOT NULL,
	"target_code" text NOT NULL,
	"import_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dictionaries_source_code_target_code_pk" PRIMARY KEY("source_code","target_code")
);
--> statement-breakpoint
CREATE TABLE "dictionary_entries" (
	"import_id" integer NOT NULL,
	"lemma" text NOT NULL,
	"pos" text NOT NULL,
	"senses" jsonb NOT NULL
) PARTITION BY LIST ("import_id");
--> statement-breakpoint
CREATE TABLE "dictionary_forms" (
	"import_id" integer NOT NULL,
	"surface_key" text NOT NULL,
	"surface" text NOT NULL,
	"lemma" text NOT NULL,
	"description" text
) PARTITION BY LIST ("import_id");
--> statement-breakpoint
CREATE TABLE "dictionary_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_code" text NOT NULL,
	"target_code" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"object_key" text,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "dictionary_imports_status" CHECK ("dictionary_imports"."status" IN ('queued', 'running', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "dictionaries" ADD CONSTRAINT "dictionaries_import_id_dictionary_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."dictionary_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_imports" ADD CONSTRAINT "dictionary_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dictionary_imports_created_at" ON "dictionary_imports" USING btree ("created_at");--> statement-breakpoint
-- Partitioned by import (edited by hand before landing; drizzle-kit does not model partitions): an import
-- loads tables of its own, indexes them, and attaches them with these indexes when it succeeds.
CREATE INDEX "dictionary_entries_lemma" ON "dictionary_entries" USING btree ("import_id", "lemma");--> statement-breakpoint
CREATE INDEX "dictionary_forms_surface_key" ON "dictionary_forms" USING btree ("import_id", "surface_key");
