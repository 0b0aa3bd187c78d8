import { asc, count, eq } from 'drizzle-orm';
import { plural, pluralForm } from '#common/plural.ts';
import {
  type AdminLanguageCreate,
  type AdminLanguageUpdate,
  NO_SUCH_LANGUAGE,
} from '#common/schemas/languages.ts';
import type { Database } from '#server/db/client.ts';
import { languages, stories } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';

export interface Language {
  id: number;
  code: string;
  name: string;
  nativeName: string;
  isActive: boolean;
}

/** A language as learners see it, beside a chapter or their progress. */
export type PublicLanguageRow = Omit<Language, 'isActive'>;

export { NO_SUCH_LANGUAGE };

/** The columns of a PublicLanguageRow, for queries that join a language. */
export const publicLanguageColumns = {
  id: languages.id,
  code: languages.code,
  name: languages.name,
  nativeName: languages.nativeName,
};

// Every page that offers a language asks for this list; a named prepared statement is parsed and planned once
// per connection rather than per request (bench/run.ts measures the difference).
const activeLanguagesQueries = new WeakMap<Database, ReturnType<typeof prepareActiveLanguages>>();

function prepareActiveLanguages(db: Database) {
  return db
    .select({ ...publicLanguageColumns, isActive: languages.isActive })
    .from(languages)
    .where(eq(languages.isActive, true))
    .orderBy(asc(languages.name))
    .prepare('active_languages');
}

/** The languages learners may choose, in alphabetical order of their English names. */
export async function listActiveLanguages(db: Database): Promise<Language[]> {
  let query = activeLanguagesQueries.get(db);
  if (!query) {
    query = prepareActiveLanguages(db);
    activeLanguagesQueries.set(db, query);
  }
  return query.execute();
}

/** The codes of every language, active or not (a dictionary may be imported before a language opens). */
export async function languageCodes(db: Database): Promise<Set<string>> {
  const rows = await db.select({ code: languages.code }).from(languages);
  return new Set(rows.map((row) => row.code));
}

// The languages tab (admin.md §7).

export type LanguageRow = typeof languages.$inferSelect;

/** Every language, active or not, by English name. */
export async function listAllLanguages(db: Database): Promise<LanguageRow[]> {
  return db.select().from(languages).orderBy(asc(languages.name));
}

/** Adds a language; its code must be new. */
export async function createLanguage(db: Database, input: AdminLanguageCreate): Promise<LanguageRow> {
  const [created] = await db
    .insert(languages)
    .values({ code: input.code, name: input.name, nativeName: input.native_name, isActive: input.is_active })
    .onConflictDoNothing({ target: languages.code })
    .returning();
  if (!created) throw new HttpError(409, `A language with the code "${input.code}" already exists.`);
  return created;
}

/** Edits a language's names and status; its code is locked once created. */
export async function updateLanguage(
  db: Database,
  id: number,
  input: AdminLanguageUpdate,
): Promise<LanguageRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(languages).where(eq(languages.id, id)).for('update');
    if (!current) throw new HttpError(404, 'Language not found');
    if (input.code !== undefined && input.code !== current.code) {
      throw new HttpError(400, `The code of a language cannot be changed (it is "${current.code}").`);
    }
    const [updated] = await tx
      .update(languages)
      .set({
        name: input.name,
        nativeName: input.native_name,
        isActive: input.is_active,
        updatedAt: new Date(),
      })
      .where(eq(languages.id, id))
      .returning();
    if (!updated) throw new HttpError(404, 'Language not found');
    return updated;
  });
}

/** Deletes a language that no story uses; one that stories use is refused with a sentence saying so. */
export async function deleteLanguage(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(languages).where(eq(languages.id, id)).for('update');
    if (!current) throw new HttpError(404, 'Language not found');
    const [usage] = await tx.select({ stories: count() }).from(stories).where(eq(stories.languageId, id));
    const used = usage?.stories ?? 0;
    if (used > 0) {
      throw new HttpError(
        409,
        `${current.name} cannot be deleted: ${plural(used, { one: 'story uses', other: 'stories use' })} it. ` +
          `Delete or move ${pluralForm(used, { one: 'that story', other: 'those stories' })} first, or mark the ` +
          'language inactive.',
      );
    }
    await tx.delete(languages).where(eq(languages.id, id));
  });
}
