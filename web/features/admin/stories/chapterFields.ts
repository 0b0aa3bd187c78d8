import { AdminChapterInput, CHAPTER_REQUIRED, hasRequiredContent } from '#common/schemas/stories.ts';
import { checkForm, type FormCheck } from '#web/lib/form.ts';

/**
 * A chapter's title and text as the chapter dialog and the story editor check them before sending: the
 * schema's rules, and text unless the chapter is still an idea with a generation prompt (admin.md §5).
 */
export function checkChapterText(
  fields: { title: string; content: string },
  generationPrompt: string | null | undefined,
): FormCheck<AdminChapterInput> {
  const checked = checkForm(AdminChapterInput, fields, CHAPTER_REQUIRED);
  if (checked.ok && !hasRequiredContent(checked.data.content, generationPrompt)) {
    return { ok: false, problem: CHAPTER_REQUIRED };
  }
  return checked;
}

/** A position field's number: at least 1, and 1 when it cannot be read (admin.md §5). */
export function positionFrom(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}
