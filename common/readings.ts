// Readings above the words (issue 21), pure, for the reader's ruby: furigana, a Japanese word's reading set
// above its kanji only, never above the kana a reader can already read (食べました with たべました reads た above
// 食 alone); pinyin, a Chinese word's syllables each above its character.

/** A run of a word: its text, and the reading set above it, if any. */
export interface FuriganaPart {
  text: string;
  ruby?: string;
}

const KANJI = /[\p{Script=Han}々〆ヶ]/u;
const KATAKANA = /[\u30a1-\u30f6]/g;

const toHiragana = (text: string) =>
  text.replace(KATAKANA, (character) => String.fromCharCode(character.charCodeAt(0) - 0x60));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits a word into its runs of kanji and of everything else, in order. */
function runs(word: string): { text: string; isKanji: boolean }[] {
  const parts: { text: string; isKanji: boolean }[] = [];
  for (const character of word) {
    const isKanji = KANJI.test(character);
    const last = parts.at(-1);
    if (last && last.isKanji === isKanji) last.text += character;
    else parts.push({ text: character, isKanji });
  }
  return parts;
}

/**
 * The word's runs with the reading of each kanji run: the kana of the word are found in its reading (in
 * hiragana, katakana read as hiragana), and what lies between them is the kanji's. A word without kanji has no
 * ruby; one whose reading cannot be laid over it (an irregular reading the kana do not frame) carries its whole
 * reading above the whole word.
 */
export function furigana(word: string, reading: string | undefined): FuriganaPart[] {
  const parts = runs(word);
  if (!reading || !parts.some((part) => part.isKanji)) return [{ text: word }];
  const pattern = parts
    .map((part) => (part.isKanji ? '(.+?)' : escapeRegExp(toHiragana(part.text))))
    .join('');
  const match = new RegExp(`^${pattern}$`, 'u').exec(toHiragana(reading));
  if (!match) return [{ text: word, ruby: reading }];
  let group = 1;
  return parts.map((part) =>
    part.isKanji ? { text: part.text, ruby: match[group++] ?? '' } : { text: part.text },
  );
}

const HANZI = /[\p{Script=Han}〇]/u;

/**
 * Pinyin over a Chinese word: each syllable of the reading ("tú shū guǎn") above its character, when the word
 * has as many characters as syllables (图书馆); otherwise the whole reading above the whole word. Characters
 * that are not hanzi (digits, Latin letters) take no syllable.
 */
export function pinyinParts(word: string, reading: string | undefined): FuriganaPart[] {
  const characters = [...word];
  if (!reading || !characters.some((character) => HANZI.test(character))) return [{ text: word }];
  const syllables = reading.trim().split(/\s+/);
  const hanzi = characters.filter((character) => HANZI.test(character));
  if (syllables.length !== hanzi.length) return [{ text: word, ruby: reading }];
  let next = 0;
  return characters.map((character) =>
    HANZI.test(character) ? { text: character, ruby: syllables[next++] ?? '' } : { text: character },
  );
}

/** The readings set above a word in a language whose words carry them (ja, zh); the word alone otherwise. */
export function readingParts(language: string, word: string, reading: string | undefined): FuriganaPart[] {
  if (language === 'ja') return furigana(word, reading);
  if (language === 'zh') return pinyinParts(word, reading);
  return [{ text: word }];
}
