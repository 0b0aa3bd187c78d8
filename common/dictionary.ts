/**
 * The characters stripped from the ends of a tapped word before a lookup (learner.md §5): . , ! ? ; :, the
 * straight and typographic quotes, parentheses, ¿ ¡, dashes, brackets, braces, guillemets and the ellipsis
 * (the ASCII three dots are three '.'), plus the same marks in the other scripts a learner reads
 * (CJK full-width punctuation, the Arabic comma, semicolon and question mark, the Devanagari danda).
 */
export const LOOKUP_PUNCTUATION =
  '.,!?;:' +
  '"\'“”‘’„‚‹›«»' +
  '()[]{}' +
  '¿¡' +
  '-‐‑‒–—―' +
  '…' +
  '。、，！？；：「」『』（）［］｛｝【】〈〉《》＂＇' +
  '،؛؟' +
  '।॥';

/** The longest word, in characters, that a lookup accepts once its punctuation is stripped. */
export const MAX_LOOKUP_WORD_LENGTH = 100;

const STRIPPED = new Set(LOOKUP_PUNCTUATION);

function isStripped(character: string): boolean {
  // A zero-width space is not \s but is as invisible as one; a copy-paste can leave it at either end.
  return STRIPPED.has(character) || /\s/u.test(character) || character === '\u200b';
}

/**
 * The word without lookup punctuation or whitespace at either end ("¡Hola!" → "Hola"); punctuation inside the
 * word is part of it and stays ("l'homme", "bien-être").
 */
export function stripLookupPunctuation(word: string): string {
  // Every stripped character is a single UTF-16 unit, so walking by index never splits a surrogate pair.
  let start = 0;
  let end = word.length;
  while (start < end && isStripped(word.charAt(start))) start += 1;
  while (end > start && isStripped(word.charAt(end - 1))) end -= 1;
  return word.slice(start, end);
}

// Marks Wiktionary adds as reading aids but ordinary text leaves out, and leaves out of its page titles: the
// stress accents of Russian, Ukrainian, Belarusian and Bulgarian (сне́га), the Latin macrons and breves (legō)
// and the Arabic and Persian short vowels (قَدَم). Matched on the NFD text.
const CYRILLIC_STRESS = /[\u0300\u0301]/g;
const ARABIC_SHORT_VOWELS = /[\u0640\u064b-\u0652\u0670]/g;
const READING_AIDS: ReadonlyMap<string, RegExp> = new Map([
  ['ru', CYRILLIC_STRESS],
  ['uk', CYRILLIC_STRESS],
  ['be', CYRILLIC_STRESS],
  // Bulgarian writes ѝ ('her', with a grave) apart from и ('and'): only the acute is a reading aid.
  ['bg', /\u0301/g],
  ['la', /[\u0304\u0306]/g],
  ['ar', ARABIC_SHORT_VOWELS],
  ['fa', ARABIC_SHORT_VOWELS],
]);

// Nothing below U+0300 changes under NFC (the first combining marks start there), so the common case of
// plain Latin text skips normalize(), which an import calls millions of times.
const MAY_CHANGE_IN_NFC = /[\u0300-\uffff]/;

/** The text in NFC, skipping the work for text that NFC cannot change. */
export function nfc(text: string): string {
  return MAY_CHANGE_IN_NFC.test(text) ? text.normalize('NFC') : text;
}

// Lower case with language rules differs from the plain one only for Turkish, Azerbaijani and Lithuanian
// (Unicode SpecialCasing), and the locale-aware call is many times slower.
const SPECIAL_CASING = new Set(['tr', 'az', 'lt']);

function baseLanguage(languageCode: string): string {
  return languageCode.toLowerCase().split('-')[0] ?? '';
}

// Codes come from dumps and requests: the caches below stop growing at this many languages.
const CACHE_LIMIT = 1000;
const strippers = new Map<string, (text: string) => string>();

function stripperFor(languageCode: string): (text: string) => string {
  let strip = strippers.get(languageCode);
  if (!strip) {
    const aids = READING_AIDS.get(baseLanguage(languageCode));
    strip = aids ? (text: string) => text.normalize('NFD').replace(aids, '').normalize('NFC') : nfc;
    if (strippers.size < CACHE_LIMIT) strippers.set(languageCode, strip);
  }
  return strip;
}

/**
 * The text in NFC without the reading aids Wiktionary prints but ordinary text and Wiktionary's page titles
 * leave out (Russian 'возни́кнуть' → 'возникнуть', Latin 'regō' → 'rego', Arabic 'قَدَمَ' → 'قدم'); other
 * languages' text is only normalised.
 */
export function stripReadingAids(text: string, languageCode: string): string {
  return stripperFor(languageCode)(text);
}

// The right single quote (aujourd’hui: typeset text and phone keyboards write it) and the modifier letter
// apostrophe (ʼ, in Ukrainian texts and some transliterations) stand for the ASCII apostrophe that
// Wiktionary's titles use.
const APOSTROPHE_LOOK_ALIKE = /[\u2019\u02bc]/;
const APOSTROPHE_LOOK_ALIKES = /[\u2019\u02bc]/g;
const APOSTROPHES = new Set(["'", '’', 'ʼ']);

function foldApostrophes(text: string): string {
  return APOSTROPHE_LOOK_ALIKE.test(text) ? text.replace(APOSTROPHE_LOOK_ALIKES, "'") : text;
}

// ASCII text has no reading aids, no apostrophe look-alike and nothing NFC changes: only its case is keyed.
const BEYOND_ASCII = /[\u0080-\uffff]/;

const keyers = new Map<string, (text: string) => string>();

/** Whether a character may be one stripLookupPunctuation strips: any but an ASCII letter or digit. */
function mayBeStripped(code: number): boolean {
  const letter = code | 0x20; // ASCII upper case to lower case
  if ((letter >= 0x61 && letter <= 0x7a) || (code >= 0x30 && code <= 0x39)) return false;
  return Number.isNaN(code) || isStripped(String.fromCharCode(code));
}

/**
 * A stored word as the lookup reaches it: without the lookup punctuation at its ends (stripLookupPunctuation),
 * so that an abbreviation ('Jan.'), a form written with its mark ('sei!') and an affix ('-에서') are keyed as
 * the tap that reaches them is. A final apostrophe stays: an elided form ("l'") is keyed with it, as the
 * lookup tries it (normalizeLookup). A word of punctuation only keeps its key whole: no tap reaches it anyway.
 */
function stripKeyPunctuation(text: string): string {
  // Most words start and end with a letter: the word as it is, at the cost of two comparisons for ASCII.
  if (!mayBeStripped(text.charCodeAt(0)) && !mayBeStripped(text.charCodeAt(text.length - 1))) return text;
  const stripped = stripLookupPunctuation(text);
  if (stripped === '') return text;
  const after = text.charAt(text.indexOf(stripped) + stripped.length);
  return APOSTROPHES.has(after) ? `${stripped}${after}` : stripped;
}

/**
 * The dictionaryKey function of one language, with the per-language work done once (an import keys
 * millions of forms of the same language).
 */
export function dictionaryKeyer(languageCode: string): (text: string) => string {
  let keyer = keyers.get(languageCode);
  if (!keyer) {
    const strip = stripperFor(languageCode);
    let lower = (text: string) => text.toLowerCase();
    if (SPECIAL_CASING.has(baseLanguage(languageCode))) {
      try {
        'I'.toLocaleLowerCase(languageCode);
        lower = (text) => text.toLocaleLowerCase(languageCode);
      } catch {
        // A malformed language tag is a RangeError; plain lower case beats failing the lookup.
      }
    }
    keyer = (written) => {
      const text = stripKeyPunctuation(written);
      return BEYOND_ASCII.test(text) ? foldApostrophes(nfc(lower(strip(text)))) : lower(text);
    };
    if (keyers.size < CACHE_LIMIT) keyers.set(languageCode, keyer);
  }
  return keyer;
}

/**
 * The key under which the importer stores a word and the lookup searches it: without the lookup punctuation at
 * its ends ('Jan.' → 'jan', '-에서' → '에서'; a final apostrophe stays), NFC, lower-cased by the rules of
 * the language (Turkish 'İ' → 'i'), without reading aids (see stripReadingAids), so that an unmarked word
 * finds its marked forms (снега → сне́га) and a marked one (learner texts often mark stress) the plain word,
 * and with the apostrophe look-alikes ’ and ʼ written ' (aujourd’hui finds aujourd'hui, and the other way).
 */
export function dictionaryKey(text: string, languageCode: string): string {
  return dictionaryKeyer(languageCode)(text);
}

/** The marks a dictionary may title a word with ('Jan.', 'sei!'), kept as a preference when tapped after it. */
const MARKS_KEPT = new Set(['.', '!']);

/** A tapped word ready for a lookup: as written (NFC, casing kept) and its dictionary key. */
export interface LookupWord {
  exact: string;
  lower: string;
  /**
   * For a word tapped with an apostrophe at its end ("l’" of "l’eau", as the reader parts French and Italian
   * elisions): the word with its apostrophe, as dictionaries title elided forms ("l'"); tried first.
   */
  elided?: { exact: string; lower: string };
  /**
   * For a word tapped with a period or an exclamation mark after it ("Jan.", "sei!"): the word with that mark,
   * as dictionaries title abbreviations and some forms. Preferred among the forms of the same key (one query).
   */
  marked?: string;
}

/**
 * The tapped word ready for a lookup: `exact` stripped of punctuation and in NFC with its casing kept, `lower`
 * its dictionary key (see dictionaryKey); undefined when nothing is left or the word is over
 * MAX_LOOKUP_WORD_LENGTH characters.
 */
export function normalizeLookup(word: string, languageCode: string): LookupWord | undefined {
  const written = word.normalize('NFC');
  const exact = stripLookupPunctuation(written);
  if (exact === '') return undefined;
  // Counted in code points, the characters a person sees (closer than UTF-16 units for CJK extensions).
  let length = 0;
  for (const _ of exact) {
    length += 1;
    if (length > MAX_LOOKUP_WORD_LENGTH) return undefined;
  }
  const lower = dictionaryKey(exact, languageCode);
  // What was stripped before the word is punctuation and spaces only, so its first occurrence is the word.
  const after = written.charAt(written.indexOf(exact) + exact.length);
  if (MARKS_KEPT.has(after)) return { exact, lower, marked: `${exact}${after}` };
  if (!APOSTROPHES.has(after)) return { exact, lower };
  return { exact, lower, elided: { exact: `${exact}${after}`, lower: `${lower}'` } };
}

/** Where dictionary recordings come from (issue 23): Wikimedia Commons' upload host, the one media origin beside the site's. */
export const RECORDING_HOST = 'upload.wikimedia.org';
