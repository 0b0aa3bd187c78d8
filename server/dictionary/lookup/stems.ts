// The stems a tapped Korean or Turkish word may stand on when the dictionary lacks the word itself (issue 21):
// 학교에서 is 학교 with the particle -에서, evlerimizden is ev with -ler, -imiz and -den. A stem is offered only
// when what is cut off is a chain of known endings of the language, each written as it must be after what it
// follows (Korean 이/가 by the final consonant, Turkish vowel harmony, buffer letters and d/t), so a word that
// merely ends like an ending is not taken apart. The lookup then answers with the stem only if it is a
// headword of the dictionary (lookup/service.ts). Verb endings are not cut: only nouns' particles and suffixes.

/** A stem to try, longest first, and the endings cut off it, as the answer describes them: ['-ler', '-den']. */
export interface StemCandidate {
  stem: string;
  endings: string[];
}

/** At most this many stems are tried for one word: each is one indexed query. */
export const MAX_STEMS = 6;

/** The stems of a word (its dictionary key) in a language that has endings to cut; [] for other languages. */
export function stemCandidates(word: string, language: string): StemCandidate[] {
  const cut = language === 'ko' ? koreanCuts(word) : language === 'tr' ? turkishCuts(word) : [];
  // Longest stem first: the fewest endings cut is the likeliest reading (kalemi is kalem + -i before kale).
  // The sort is stable: a stem with its final consonant restored (kitap) stays before its written one (kitab).
  return cut.sort((a, b) => b.stem.length - a.stem.length).slice(0, MAX_STEMS);
}

/** How the answer names a word found through its stem: '학교 + -에서'. */
export function describeStem(candidate: StemCandidate): string {
  return [candidate.stem, ...candidate.endings].join(' + ');
}

// ---------------------------------------------------------------------------------------------------------
// Korean: case and auxiliary particles. Those with two shapes are checked against the syllable before them.

const AFTER_CONSONANT = ['이', '은', '을', '과', '으로', '이나', '이랑'];
const AFTER_VOWEL = ['가', '는', '를', '와', '로', '나', '랑'];
const AFTER_ANY = [
  '의',
  '에',
  '에서',
  '에게',
  '에게서',
  '께',
  '께서',
  '한테',
  '한테서',
  '도',
  '만',
  '부터',
  '까지',
  '보다',
  '처럼',
  '하고',
  '마다',
  '조차',
  '밖에',
  '만큼',
];
// Not the copula (이다, 다): -다 is also how every verb's dictionary form ends.
const KOREAN_PARTICLES = [...AFTER_CONSONANT, ...AFTER_VOWEL, ...AFTER_ANY];
/** Two particles at most: 학교에서는, 친구에게도. */
const KOREAN_CHAIN = 2;

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const FINAL_RIEUL = 8;

/** The final consonant of a Hangul syllable (0 for none), or undefined for a character that is not one. */
function finalConsonant(syllable: string): number | undefined {
  const code = syllable.codePointAt(0) ?? 0;
  if (code < HANGUL_FIRST || code > HANGUL_LAST) return undefined;
  return (code - HANGUL_FIRST) % 28;
}

function fitsKorean(particle: string, before: string): boolean {
  const final = finalConsonant(before.slice(-1));
  if (final === undefined) return false;
  if (AFTER_CONSONANT.includes(particle)) return final !== 0;
  // 로 follows a vowel or ㄹ (서울로, 학교로); the other short shapes follow a vowel only.
  if (particle === '로') return final === 0 || final === FINAL_RIEUL;
  if (AFTER_VOWEL.includes(particle)) return final === 0;
  return true;
}

function koreanCuts(word: string): StemCandidate[] {
  const found: StemCandidate[] = [];
  const cut = (rest: string, endings: string[]) => {
    if (endings.length >= KOREAN_CHAIN) return;
    for (const particle of KOREAN_PARTICLES) {
      if (!rest.endsWith(particle) || rest.length <= particle.length) continue;
      const stem = rest.slice(0, -particle.length);
      if (!fitsKorean(particle, stem)) continue;
      const cutOff = [`-${particle}`, ...endings];
      found.push({ stem, endings: cutOff });
      cut(stem, cutOff);
    }
  };
  cut(word, []);
  return unique(found);
}

// ---------------------------------------------------------------------------------------------------------
// Turkish: a noun's suffixes in their order, plural, possessive, case, written as Turkish grammars write
// them: A is e or a, I is i, ı, u or ü (by vowel harmony), D is d or t (t after a voiceless consonant), and a
// letter in parentheses is there only after a vowel (y, n, s) or only after a consonant (I).

const TURKISH_SLOTS: readonly (readonly string[])[] = [
  // Case, last: accusative, dative, locative, ablative, genitive, instrumental; after a possessive of the
  // third person, n comes between (evinde, evinden, evine, evini).
  ['(y)I', '(y)A', 'DA', 'DAn', '(n)In', '(y)lA', 'nDA', 'nDAn', 'nA', 'nI'],
  // Possessive: my, your, his/her, our, your (plural), their.
  ['(I)m', '(I)n', '(s)I', '(I)mIz', '(I)nIz', 'lArI'],
  // Plural, first.
  ['lAr'],
];

const FRONT = 'eiöü';
const BACK = 'aıou';
const VOWELS = `${FRONT}${BACK}`;
const VOICELESS = 'çfhkpsşt';
const SOFTENED: ReadonlyMap<string, string> = new Map([
  ['b', 'p'],
  ['c', 'ç'],
  ['d', 't'],
  ['g', 'k'],
  ['ğ', 'k'],
]);

function lastVowel(text: string): string | undefined {
  for (let index = text.length - 1; index >= 0; index--) {
    const character = text.charAt(index);
    if (VOWELS.includes(character)) return character;
  }
  return undefined;
}

/** The vowel a suffix's A or I becomes after a word whose last vowel is `previous`. */
function harmony(kind: 'A' | 'I', previous: string): string {
  const isFront = FRONT.includes(previous);
  if (kind === 'A') return isFront ? 'e' : 'a';
  const isRounded = 'oöuü'.includes(previous);
  if (isFront) return isRounded ? 'ü' : 'i';
  return isRounded ? 'u' : 'ı';
}

/** The suffix as written after `stem`, by the rules of the template; undefined when the stem has no vowel. */
function realise(template: string, stem: string): string | undefined {
  const stemWritten = stem.replace(/['’]$/, '');
  let previous = lastVowel(stemWritten);
  if (previous === undefined) return undefined;
  let written = '';
  const endsInVowel = (text: string) => VOWELS.includes(text.slice(-1));
  for (let index = 0; index < template.length; index++) {
    const character = template.charAt(index);
    const sofar = `${stemWritten}${written}`;
    if (character === '(') {
      const optional = template.charAt(index + 1);
      index += 2; // the letter and ')'
      const isVowelBuffer = optional === 'I';
      if (isVowelBuffer === endsInVowel(sofar)) continue;
      if (isVowelBuffer) {
        const vowel = harmony('I', previous);
        written += vowel;
        previous = vowel;
      } else {
        written += optional;
      }
    } else if (character === 'A' || character === 'I') {
      const vowel = harmony(character, previous);
      written += vowel;
      previous = vowel;
    } else if (character === 'D') {
      written += VOICELESS.includes(sofar.slice(-1)) ? 't' : 'd';
    } else {
      written += character;
    }
  }
  return written;
}

/**
 * The stems a Turkish word may be cut to, a slot at a time from its end, each suffix written as it must be. A
 * name's suffixes follow an apostrophe (İstanbul'da, Ankara'ya): the stem is the name without it.
 */
function turkishCuts(word: string): StemCandidate[] {
  return turkishReadings(word).map(({ stem, endings }) => ({ stem: stem.replace(/['’]$/, ''), endings }));
}

function turkishReadings(word: string): StemCandidate[] {
  let readings: StemCandidate[] = [{ stem: word, endings: [] }];
  const found: StemCandidate[] = [];
  for (const slot of TURKISH_SLOTS) {
    const next: StemCandidate[] = [];
    for (const reading of readings) {
      for (const template of slot) {
        for (let length = 1; length <= 6 && length < reading.stem.length - 1; length++) {
          const stem = reading.stem.slice(0, -length);
          const suffix = reading.stem.slice(-length);
          if (realise(template, stem) !== suffix) continue;
          const endings = [`-${suffix}`, ...reading.endings];
          next.push({ stem, endings });
          // Before a vowel, a final p, ç, t, k is written b, c, d, ğ (kitap, kitabı): the dictionary has kitap.
          const hard = SOFTENED.get(stem.slice(-1));
          if (hard !== undefined && VOWELS.includes(suffix.charAt(0))) {
            found.push({ stem: `${stem.slice(0, -1)}${hard}`, endings });
          }
          found.push({ stem, endings });
        }
      }
    }
    // A slot may be empty (evden has no plural and no possessive): the readings without its suffix go on too.
    readings = [...readings, ...next];
  }
  return unique(found);
}

/** Each stem once, with the first reading found for it (the fewest endings): one query per stem. */
function unique(candidates: StemCandidate[]): StemCandidate[] {
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    if (seen.has(candidate.stem)) return false;
    seen.add(candidate.stem);
    return true;
  });
}
