import type { Database } from '../db/client.ts';
import { languages } from '../db/schema.ts';

// ISO 639-1 leaves the q* codes unassigned, so they never clash with a seeded language.
let sequence = 0;
function nextUnusedCode(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return `q${letters[sequence++ % letters.length]}`;
}

/** A language of the test's own, with a two-letter code no seeded language uses. */
export async function createLanguage(
  db: Database,
  overrides: Partial<typeof languages.$inferInsert> = {},
): Promise<typeof languages.$inferSelect> {
  const code = overrides.code ?? nextUnusedCode();
  const [language] = await db
    .insert(languages)
    .values({ code, name: `Test language ${code}`, nativeName: `Native ${code}`, ...overrides })
    .returning();
  if (!language) throw new Error('createLanguage inserted nothing');
  return language;
}
