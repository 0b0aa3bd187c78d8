// The language a dump's glosses are written in (issue 21). wiktextract extracts each Wiktionary edition in its
// own language: the English edition glosses German words in English, the German edition in German, and both
// give the entries `lang_code: "de"`. What tells the edition apart is the entry's `lang`, the language's name
// in the edition's language ("German" in the English edition, "Deutsch" in the German one, "français" in the
// French one), and the glosses themselves. An import whose glosses are not in its target language is refused
// before anything is replaced.

/** Wiktionary editions wiktextract extracts, besides the site's own languages. */
const EDITIONS = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'ru',
  'tr',
  'ja',
  'zh',
  'ko',
  'el',
  'th',
  'cs',
];
const EDITIONS_LIMIT = 1000;

// Short words that make up much of any gloss, by language; a word listed for two languages counts for both
// (a tie tells nothing), so words far commoner in one (English 'of', 'in') are left out of the other's list.
const STOP_WORDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    en: 'the of a an to or and in for with by from as that which something someone one is be',
    de: 'der die das den dem des und ein eine einer einem eines von mit zu sich für auf oder ist nicht im zum zur etwas jemand jemanden jemandem',
    fr: 'le la les de du des un une et ou qui que dans pour par avec en sur est se à au aux ce cette quelque chose personne',
    es: 'el la los las de del un una y o que en con por para se al lo su como algo alguien',
    it: 'il lo la gli le di del della dei delle un una e è o che in nel nella con per da si qualcosa qualcuno',
    pt: 'o a os as de do da dos das um uma e é ou que em com por para se ao não algo alguém',
    nl: 'de het een van en dat die met voor op te zich iets iemand',
    pl: 'i w z na do się że o od który która które lub coś ktoś jest',
    tr: 'bir ve ile bu için olan veya gibi olarak ya',
  }).map(([code, words]) => [code, new Set(words.split(' '))]),
);

// Glosses mostly in another script than Latin: the language that script most likely writes.
const SCRIPTS: readonly [RegExp, string][] = [
  [/\p{Script=Hiragana}|\p{Script=Katakana}/u, 'ja'],
  [/\p{Script=Hangul}/u, 'ko'],
  [/\p{Script=Han}/u, 'zh'],
  [/\p{Script=Cyrillic}/u, 'ru'],
  [/\p{Script=Greek}/u, 'el'],
  [/\p{Script=Arabic}/u, 'ar'],
  [/\p{Script=Devanagari}/u, 'hi'],
  [/\p{Script=Thai}/u, 'th'],
];

/** How many lines are read at most before deciding, and how many votes decide sooner. */
const MAX_LINES = 500;
const ENOUGH_VOTES = 40;
const MIN_VOTES = 3;
/** The share of the votes the leading language needs: below it, the dump is not judged. */
const MAJORITY = 0.75;

const namesByCode = new Map<string, Map<string, string | null>>();

/** The editions whose name for the language `code` is `name`, lower-cased: one edition, or null. */
function editionNaming(code: string, name: string): string | null | undefined {
  let names = namesByCode.get(code);
  if (!names) {
    names = new Map();
    for (const edition of EDITIONS) {
      let localName: string | undefined;
      try {
        localName = new Intl.DisplayNames([edition], { type: 'language', fallback: 'none' }).of(code);
      } catch {
        return undefined; // not a language code
      }
      if (!localName) continue;
      const key = localName.toLowerCase();
      // A name two editions share tells neither.
      names.set(key, names.has(key) ? null : edition);
    }
    if (namesByCode.size < EDITIONS_LIMIT) namesByCode.set(code, names);
  }
  return names.get(name.toLowerCase());
}

/** The language one gloss is most likely in, by its script or its short words; undefined when unclear. */
export function glossLanguage(gloss: string): string | undefined {
  const letters = gloss.match(/\p{L}/gu) ?? [];
  const latin = letters.filter((letter) => /\p{Script=Latin}/u.test(letter)).length;
  if (letters.length > 0 && latin * 2 < letters.length) {
    return SCRIPTS.find(([script]) => script.test(gloss))?.[1];
  }
  const words = gloss.toLowerCase().split(/[^\p{L}]+/u);
  let best: string | undefined;
  let bestScore = 0;
  let isTie = false;
  for (const [code, stopWords] of STOP_WORDS) {
    const score = words.filter((word) => stopWords.has(word)).length;
    if (score > bestScore) [best, bestScore, isTie] = [code, score, false];
    else if (score === bestScore && score > 0) isTie = true;
  }
  return isTie ? undefined : best;
}

function firstGloss(value: Record<string, unknown>): string | undefined {
  if (!Array.isArray(value.senses)) return undefined;
  for (const sense of value.senses as unknown[]) {
    const glosses = (sense as { glosses?: unknown } | null)?.glosses;
    const gloss = Array.isArray(glosses) ? glosses.find((item) => typeof item === 'string') : undefined;
    if (typeof gloss === 'string') return gloss;
  }
  return undefined;
}

/**
 * Reads the first lines of a dump and tells the language of its glosses: each line votes by the edition that
 * names its language as `lang` does, and by its first gloss; the language with three quarters of the votes
 * wins. Undefined while undecided, and when the dump does not say (too few votes, no clear majority): such a
 * dump is imported as before.
 */
export class GlossLanguageDetector {
  private readonly votes = new Map<string, number>();
  /** The votes of the entries' `lang` names alone: an edition's own word for the language, the surest sign. */
  private readonly nameVotes = new Map<string, number>();
  private lines = 0;
  private total = 0;
  private decided: string | null | undefined;

  /** Looks at one parsed line; answers the language once decided, undefined until then. */
  observe(value: unknown): string | null | undefined {
    if (this.decided !== undefined) return this.decided;
    if (typeof value !== 'object' || value === null) return undefined;
    const line = value as Record<string, unknown>;
    this.lines += 1;
    const { lang, lang_code: code } = line;
    if (typeof lang === 'string' && typeof code === 'string' && code.length <= 12) {
      const edition = editionNaming(code, lang);
      if (edition) {
        this.vote(edition);
        this.nameVotes.set(edition, (this.nameVotes.get(edition) ?? 0) + 1);
      }
    }
    const gloss = firstGloss(line);
    const language = gloss === undefined ? undefined : glossLanguage(gloss);
    if (language) this.vote(language);
    if (this.total >= ENOUGH_VOTES || this.lines >= MAX_LINES) this.decided = this.verdict();
    return this.decided;
  }

  /** The language decided, or, at the end of a short dump, the one its votes name; null: it cannot be told. */
  finish(): string | null {
    this.decided ??= this.verdict();
    return this.decided;
  }

  /**
   * Whether the entries' own names for their languages say `language` too, in at least three lines. The short
   * words of glosses alone are no proof (an Indonesian gloss's 'di' is Italian's too), so a refusal needs this.
   */
  isNamedBy(language: string): boolean {
    return (this.nameVotes.get(language) ?? 0) >= MIN_VOTES;
  }

  private vote(language: string): void {
    this.votes.set(language, (this.votes.get(language) ?? 0) + 1);
    this.total += 1;
  }

  private verdict(): string | null {
    let leader: string | null = null;
    let most = 0;
    for (const [language, count] of this.votes) {
      if (count > most) [leader, most] = [language, count];
    }
    return most >= MIN_VOTES && most >= this.total * MAJORITY ? leader : null;
  }
}

const englishNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** A language's name in English: 'German' for de. */
export function languageName(code: string): string {
  try {
    return englishNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The sentence refusing a dump whose glosses are not in the target language. */
export function glossMismatch(glosses: string, source: string, target: string): string {
  return (
    `This dump's glosses are in ${languageName(glosses)}, but the dictionary being imported is ` +
    `${languageName(source)} → ${languageName(target)}. Import it for a pair whose target is ` +
    `${languageName(glosses)}, or choose a dump of the ${languageName(target)} edition.`
  );
}
