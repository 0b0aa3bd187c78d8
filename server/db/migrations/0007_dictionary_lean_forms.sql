ALTER TABLE "dictionary_forms" ALTER COLUMN "surface" DROP NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model these partitioned indexes): within a partition import_id is one
-- value, so the partitions are indexed on the key alone; smaller indexes, cheaper to keep during an import.
DROP INDEX "dictionary_entries_lemma";--> statement-breakpoint
DROP INDEX "dictionary_forms_surface_key";--> statement-breakpoint
CREATE INDEX "dictionary_entries_lemma" ON "dictionary_entries" USING btree ("lemma");--> statement-breakpoint
CREATE INDEX "dictionary_forms_surface_key" ON "dictionary_forms" USING btree ("surface_key");
