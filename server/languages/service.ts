import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { languages } from '../db/schema.ts';

export interface Language {
  id: number;
  code: string;
  name: string;
  nativeName: string;
  isActive: boolean;
}

// Every page that offers a language asks for this list; a named prepared statement is parsed and planned once
// per connection rather than per request (bench/run.ts measures the difference).
const activeLanguagesQueries = new WeakMap<Database, ReturnType<typeof prepareActiveLanguages>>();

function prepareActiveLanguages(db: Database) {
  return db
    .select({
      id: languages.id,
      code: languages.code,
      name: languages.name,
      nativeName: languages.nativeName,
      isActive: languages.isActive,
    })
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
