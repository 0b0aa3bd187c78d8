DROP INDEX "stories_language_updated";--> statement-breakpoint
DROP INDEX "stories_search";--> statement-breakpoint
ALTER TABLE "languages" ADD COLUMN "stories_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand: the triggers that move languages.stories_version. The learner's story list is kept in
-- each server process while its language's version stays (server/reading/library.ts), so every change that
-- alters a list moves the version, whatever makes it: a story added, edited, moved to another language or
-- deleted; a chapter added, deleted or moved to another story (the list shows chapter counts).
CREATE FUNCTION "bump_stories_version_of_story"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE languages SET stories_version = stories_version + 1 WHERE id = NEW.language_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE languages SET stories_version = stories_version + 1 WHERE id = OLD.language_id;
  ELSE
    UPDATE languages SET stories_version = stories_version + 1 WHERE id IN (OLD.language_id, NEW.language_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stories_bump_version" AFTER INSERT OR UPDATE OR DELETE ON "stories"
FOR EACH ROW EXECUTE FUNCTION "bump_stories_version_of_story"();--> statement-breakpoint
CREATE FUNCTION "bump_stories_version_of_chapter"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A chapter deleted with its story finds no story: the story's own trigger has moved the version.
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE languages SET stories_version = stories_version + 1
    WHERE id = (SELECT language_id FROM stories WHERE id = OLD.story_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE languages SET stories_version = stories_version + 1
    WHERE id = (SELECT language_id FROM stories WHERE id = NEW.story_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "chapters_bump_version" AFTER INSERT OR DELETE OR UPDATE OF "story_id" ON "chapters"
FOR EACH ROW EXECUTE FUNCTION "bump_stories_version_of_chapter"();
