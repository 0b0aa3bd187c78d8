/**
 * Counts as people read them: the noun (or the whole phrase) chosen by the language's plural rules through
 * Intl.PluralRules, never by `count === 1`, so '1 minute', '0 minutes', and in French '0 minute'; in Polish or
 * Arabic the few, many, two and zero forms a language has.
 */

/** The plural categories of CLDR, which Intl.PluralRules answers with. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * A phrase's forms by plural category: `other` is required and taken for any category left out, so English
 * needs `one` and `other`, Polish adds `few` and `many`.
 */
export type PluralForms = { readonly other: string } & {
  readonly [C in Exclude<PluralCategory, 'other'>]?: string;
};

/** Where a form places the number itself, rather than before it. */
const COUNT_PLACEHOLDER = '{count}';

// One PluralRules and one NumberFormat per locale: building them is far slower than using them.
const rulesByLocale = new Map<string, Intl.PluralRules>();
const numbersByLocale = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, locale: string, make: (locale: string) => T): T {
  let made = cache.get(locale);
  if (made === undefined) {
    made = make(locale);
    cache.set(locale, made);
  }
  return made;
}

/** The plural category `count` falls in under `locale`'s rules ('one' for 1 in English, 'few' for 3 in Polish). */
export function pluralCategory(count: number, locale = 'en'): PluralCategory {
  return cached(rulesByLocale, locale, (l) => new Intl.PluralRules(l)).select(count);
}

/**
 * `count` written as `locale` writes numbers: '12,345' in English, '12 345' in French. A whole number in
 * English is grouped here, as Intl.NumberFormat('en') groups it: the first NumberFormat of a page loads the
 * locale's number data, 15-25 ms of a phone's main thread (60-100 ms at Lighthouse's CPU ×4), for what the
 * interface writes most (a count of chapters, words, minutes).
 */
export function formatCount(count: number, locale = 'en'): string {
  if (locale === 'en' && Number.isSafeInteger(count) && !Object.is(count, -0)) return groupThousands(count);
  return cached(numbersByLocale, locale, (l) => new Intl.NumberFormat(l)).format(count);
}

/** A safe integer with a comma between each group of three digits: -1234567 → '-1,234,567'. */
function groupThousands(count: number): string {
  const digits = String(Math.abs(count));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return count < 0 ? `-${grouped}` : grouped;
}

/** The form of `forms` that `count` takes in `locale`, or `other` when the category has no form of its own. */
export function pluralForm(count: number, forms: PluralForms, locale = 'en'): string {
  return forms[pluralCategory(count, locale)] ?? forms.other;
}

/**
 * `count` with its form, the number written as `locale` writes it: '1 minute', '1,500 words'. A form holding
 * `{count}` places the number there instead ('{count} new word is known' → '1 new word is known').
 */
export function plural(count: number, forms: PluralForms, locale = 'en'): string {
  const form = pluralForm(count, forms, locale);
  const number = formatCount(count, locale);
  return form.includes(COUNT_PLACEHOLDER) ? form.replaceAll(COUNT_PLACEHOLDER, number) : `${number} ${form}`;
}
