ALTER TABLE "term_statuses" ADD COLUMN "known_since" timestamp with time zone;--> statement-breakpoint
-- Written by hand (issue 22, decision 075): known_since follows the status whichever statement sets it (the word
-- panel, a mark-known, an import, a lookup), so /progress can draw the known words day by day. A term that stops
-- being known loses it; one known again gets the time it became so again. Status 5 is common/terms.ts 'known'.
CREATE FUNCTION "term_statuses_known_since"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 5 THEN
    NEW.known_since := NULL;
  ELSIF TG_OP = 'INSERT' OR OLD.status <> 5 THEN
    NEW.known_since := now();
  ELSE
    NEW.known_since := OLD.known_since;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "term_statuses_known_since" BEFORE INSERT OR UPDATE OF "status" ON "term_statuses"
FOR EACH ROW EXECUTE FUNCTION "term_statuses_known_since"();--> statement-breakpoint
-- Terms known before this migration: the last change of their status is the best date there is.
UPDATE "term_statuses" SET "known_since" = "updated_at" WHERE "status" = 5;
