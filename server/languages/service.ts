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

/** The languages learners may choose, in alphabetical order of their English names. */
export async function listActiveLanguages(db: Database): Promise<Language[]> {
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
    .orderBy(asc(languages.name));
}
