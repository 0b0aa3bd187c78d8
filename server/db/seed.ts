import { SEED_LANGUAGES } from '#common/languages.ts';
import type { Database } from './client.ts';
import { languages } from './schema.ts';

/** Adds the 15 shipped languages that are missing; an administrator's edits to existing ones are kept. */
export async function seedLanguages(db: Database): Promise<number> {
  const inserted = await db
    .insert(languages)
    .values(SEED_LANGUAGES.map(({ code, name, nativeName }) => ({ code, name, nativeName })))
    .onConflictDoNothing({ target: languages.code })
    .returning({ id: languages.id });
  return inserted.length;
}
