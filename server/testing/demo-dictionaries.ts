import { readFileSync } from 'node:fs';
import { mapWiktextractEntry } from '#server/dictionary/wiktextract.ts';

/**
 * What a demo dictionary answers: each key a lookup may ask (the keys the importer makes of its lines), with the
 * headword it leads to; only forms whose headword has a meaning. A line the importer refuses throws.
 */
export function demoLookupKeys(file: string, language: string): Map<string, string> {
  const mapped = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const result = mapWiktextractEntry(JSON.parse(line), language);
      if (!result.ok) throw new Error(`${file}: ${result.reason}: ${line.slice(0, 80)}`);
      return result.entry;
    });
  const meaningful = new Set(mapped.filter((entry) => entry.senses.length > 0).map((entry) => entry.lemma));
  const keys = new Map<string, string>();
  for (const form of mapped.flatMap((entry) => entry.forms)) {
    if (meaningful.has(form.lemma) && !keys.has(form.key)) keys.set(form.key, form.lemma);
  }
  return keys;
}
