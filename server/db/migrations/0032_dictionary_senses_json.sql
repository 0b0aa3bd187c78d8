-- The entries' senses as json, not jsonb (issue 25, decision 113): the importer writes them with JSON.stringify
-- and nothing in PostgreSQL looks inside them but the saved words' first gloss, so keeping the text as written
-- spares a dictionary import jsonb's parsing into its binary form (COPY entries 0.4-1.2 s less CPU of 2.3-3.3 s
-- for 500,000 entries, decision 102) and every lookup jsonb's printing back to text. The answers are unchanged:
-- the lookup builds each translation from the parsed senses field by field (server/dictionary/present.ts).
-- Rewrites every attached import's entries once, under the parent's lock.
ALTER TABLE "dictionary_entries" ALTER COLUMN "senses" SET DATA TYPE json USING "senses"::json;
