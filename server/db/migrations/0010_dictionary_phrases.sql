-- Written by hand on top of drizzle-kit's output, which does not model partitions (see 0006). A form's
-- description is mostly a phrase shared by millions of forms followed by ' of ' and the form's lemma: an
-- import stores each phrase once, in a partition of dictionary_phrases of its own, and its forms name it by
-- phrase_id (server/dictionary/store.ts). Forms loaded before keep their descriptions whole (phrase_id null).
CREATE TABLE "dictionary_phrases" (
	"import_id" integer NOT NULL,
	"id" integer NOT NULL,
	"phrase" text NOT NULL
) PARTITION BY LIST ("import_id");
--> statement-breakpoint
CREATE INDEX "dictionary_phrases_id" ON "dictionary_phrases" USING btree ("id");--> statement-breakpoint
-- Nullable, no default: only the catalogue changes, whatever the size of the loaded dictionaries.
ALTER TABLE "dictionary_forms" ADD COLUMN "phrase_id" integer;--> statement-breakpoint
-- Every import already attached gets its (empty) phrase table too: lookups read an import's three tables.
DO $$
DECLARE
	loaded integer;
	phrases text;
BEGIN
	FOR loaded IN
		SELECT substring(child.relname FROM '^dictionary_forms_i([0-9]+)$')::integer
		FROM pg_inherits JOIN pg_class child ON child.oid = pg_inherits.inhrelid
		WHERE pg_inherits.inhparent = 'dictionary_forms'::regclass
			AND child.relname ~ '^dictionary_forms_i[0-9]+$'
	LOOP
		phrases := 'dictionary_phrases_i' || loaded;
		EXECUTE format(
			'CREATE TABLE %I (import_id integer NOT NULL, id integer NOT NULL, phrase text NOT NULL, CONSTRAINT %I CHECK (import_id = %s))',
			phrases, phrases || '_import', loaded
		);
		EXECUTE format('CREATE INDEX %I ON %I (id)', phrases || '_id', phrases);
		EXECUTE format('ALTER TABLE dictionary_phrases ATTACH PARTITION %I FOR VALUES IN (%s)', phrases, loaded);
	END LOOP;
END $$;
