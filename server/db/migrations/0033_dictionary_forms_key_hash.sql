-- The forms found by their key's 64-bit hash (issue 25, decision 126): a B-tree over hashtextextended(surface_key, 0)
-- rather than over the key's text. A dictionary import builds this index over its millions of forms after the
-- last row, while nothing else can run: integers sort faster than text (the 500,000-entry benchmark's index 0.6 s
-- less of the import's tail, 113's addendum and 126), and the index is a tenth smaller. Every query of the forms
-- asks for the hash and the key both (server/dictionary/lookup, server/words/list.ts), so a collision costs a
-- heap row read, never a wrong answer. hashtextextended is the function hash partitioning stores values by: its
-- answers do not change between PostgreSQL versions.
-- Written by hand (drizzle-kit does not model these partitioned indexes): dropping the parent's index drops each
-- attached import's; creating it builds one on each, and an import's own tables are indexed the same way
-- (server/dictionary/store.ts) so that ATTACH PARTITION adopts their index rather than building another.
DROP INDEX "dictionary_forms_surface_key";--> statement-breakpoint
CREATE INDEX "dictionary_forms_surface_key_hash" ON "dictionary_forms" USING btree (hashtextextended("surface_key", 0));
