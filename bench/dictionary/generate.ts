// `tsx bench/dictionary/generate.ts [entries] [out.jsonl.gz]`: writes a gzipped wiktextract dump of Spanish
// entries shaped like the real ones in tests/fixtures/kaikki (vivir, reciba, Fahrer, chambre): senses with
// glosses, raw_glosses, examples, tags, categories and links; verbs with a conjugation table of 49–63 rows
// (duplicates, '-' cells and the table-tags / inflection-template / romanization rows real tables carry);
// nouns and adjectives with 2–5 forms; ~30 % entries that are only a form of another word. ~1.75 KB a line
// (the sample's Spanish lines are 2–35 KB: vivir's table alone has 208 rows). Words are made of syllables so
// that no two entries share a surface form (~5.9 forms an entry), and the file is streamed: memory stays flat.
import { once } from 'node:events';
import { createWriteStream, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { mapWiktextractEntry } from '../../server/dictionary/wiktextract.ts';

/** Bump when the shape of the entries changes: run.ts keys its cached dumps by it. */
export const GENERATOR_VERSION = 1;
export const DEFAULT_ENTRIES = 500_000;

// ---------------------------------------------------------------------------------------------------------
// Words that never collide
//
// A stem is L syllables (a consonant run and one vowel) and a closing consonant run; every ending starts with
// a vowel. A surface therefore splits one way only: syllables, then the closing run, then the ending. The first
// syllable's onset tells L (the onset groups are disjoint), so two different stems never make the same surface,
// whatever their endings. 'k', 'w', 'x', 'y' never occur: run.ts makes words that are not found from them.

const VOWELS = ['a', 'e', 'i', 'o', 'u'] as const;
const ONSETS = [
  'b',
  'c',
  'ch',
  'd',
  'f',
  'g',
  'j',
  'l',
  'll',
  'm',
  'n',
  'ñ',
  'p',
  'r',
  's',
  't',
  'v',
  'z',
  'br',
  'bl',
  'cr',
  'cl',
  'dr',
  'fr',
  'fl',
  'gr',
  'gl',
  'pr',
  'pl',
  'tr',
] as const;
const SYLLABLES = ONSETS.flatMap((onset) => VOWELS.map((vowel) => onset + vowel));
/** The first syllable's onset, by the number of syllables (a disjoint group each). */
const FIRST_ONSETS: readonly (readonly string[])[] = [
  ['b', 'ch', 'd', 'f', 'g', 'j'],
  ['c', 'l', 'll', 'm', 'n', 'ñ', 'p', 'r', 's', 't', 'v', 'z'],
  ['br', 'bl', 'cr', 'cl', 'dr', 'fr', 'fl', 'gr', 'gl', 'pr', 'pl', 'tr'],
];

/** The n-th stem (n ≥ 0), e.g. 'chab', 'lemotr', 'flanuvic': distinct n give distinct stems. */
export function stem(n: number): string {
  let rest = n;
  for (const [index, firsts] of FIRST_ONSETS.entries()) {
    const middles = index; // the first group has no middle syllable, the second one, the third two
    const capacity = firsts.length * VOWELS.length * SYLLABLES.length ** middles * ONSETS.length;
    if (rest >= capacity) {
      rest -= capacity;
      continue;
    }
    const closing = ONSETS[rest % ONSETS.length];
    rest = Math.floor(rest / ONSETS.length);
    let middle = '';
    for (let k = 0; k < middles; k++) {
      middle += SYLLABLES[rest % SYLLABLES.length];
      rest = Math.floor(rest / SYLLABLES.length);
    }
    const first = (firsts[rest % firsts.length] ?? '') + VOWELS[Math.floor(rest / firsts.length)];
    return `${first}${middle}${closing}`;
  }
  throw new RangeError(`No stem number ${n}: at most ~40 million entries.`);
}

// ---------------------------------------------------------------------------------------------------------
// Randomness that is the same at every run

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Dice {
  constructor(readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  some<T>(items: readonly T[], min: number, max: number): T[] {
    const count = this.int(min, max);
    const picked: T[] = [];
    for (let i = 0; i < count; i++) picked.push(this.pick(items));
    return [...new Set(picked)];
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A bijection of [0, count) that scatters neighbours, so the file is not in alphabetical order. */
function scatter(count: number): (index: number) => number {
  let step = 2_654_435_761 % count || 1;
  while (gcd(step, count) !== 1) step++;
  return (index) => Number((BigInt(index) * BigInt(step) + 12_345n) % BigInt(count));
}

// ---------------------------------------------------------------------------------------------------------
// English for glosses and examples

const ENGLISH_VERBS = (
  'live make take give find tell ask work seem feel try leave call keep hold bring begin show hear play run ' +
  'move like believe happen write provide sit stand lose pay meet include continue set learn change lead ' +
  'understand watch follow stop create speak read allow add spend grow open walk win offer remember love ' +
  'consider appear buy wait serve die send expect build stay fall cut reach kill remain suggest raise pass ' +
  'sell require report decide pull carry break drive wash cook sing dance swim climb borrow lend steal'
).split(' ');
const ENGLISH_NOUNS = (
  'house room chamber door window table chair river mountain field tree flower bird horse dog cat fish bread ' +
  'water wine milk cheese salt book letter word voice song story city village road bridge church school ' +
  'market shop money gold silver iron stone wood fire smoke rain snow wind cloud star moon sun morning night ' +
  'winter summer spring autumn heart head hand foot eye ear mouth tooth hair skin blood bone friend brother ' +
  'sister mother father child king queen soldier sailor farmer doctor teacher driver'
).split(' ');
const ENGLISH_ADJECTIVES = (
  'big small long short old young new good bad high low fast slow hot cold warm dark light heavy strong weak ' +
  'rich poor happy sad quiet loud clean dirty soft hard sweet bitter wide narrow deep full empty early late'
).split(' ');
const LABELS = ['transitive', 'intransitive', 'pronominal', 'colloquial', 'figuratively', 'reflexive'];
const NOUN_TAGS = ['masculine', 'feminine', 'countable', 'uncountable'];

function englishSentence(dice: Dice, verb: string): string {
  return `The ${dice.pick(ENGLISH_NOUNS)} ${verb}s ${dice.pick(['in', 'on', 'with', 'near', 'for'])} the ${dice.pick(
    ENGLISH_ADJECTIVES,
  )} ${dice.pick(ENGLISH_NOUNS)}.`;
}

function spanishSentence(dice: Dice, word: string): string {
  const filler = () => stem(dice.int(0, 200_000)) + dice.pick(['a', 'o', 'e', 'as', 'os', 'an']);
  const first = filler();
  return `${first.charAt(0).toUpperCase()}${first.slice(1)} ${word} ${dice.pick(['en', 'con', 'de', 'por'])} la ${filler()} ${filler()}.`;
}

// ---------------------------------------------------------------------------------------------------------
// Conjugation (verbs in -ar, -er, -ir) and the other paradigms

type VerbClass = 'ar' | 'er' | 'ir';
type Cell = { tags: string[]; ending: Record<VerbClass, string> };

const PERSONS: [string, string][] = [
  ['first-person', 'singular'],
  ['second-person', 'singular'],
  ['third-person', 'singular'],
  ['first-person', 'plural'],
  ['second-person', 'plural'],
  ['third-person', 'plural'],
];

function tense(tags: string[], ar: string[], er: string[], ir: string[]): Cell[] {
  return PERSONS.map(([person, number], index) => ({
    tags: [person, ...tags, number].sort(),
    ending: { ar: ar[index] ?? '', er: er[index] ?? '', ir: ir[index] ?? '' },
  }));
}

const cell = (tags: string[], ar: string, er: string, ir: string): Cell => ({
  tags: tags.sort(),
  ending: { ar, er, ir },
});

const HEAD_CELLS: Cell[] = [
  cell(['first-person', 'present', 'singular'], 'o', 'o', 'o'),
  cell(['first-person', 'preterite', 'singular'], 'é', 'í', 'í'),
  cell(['participle', 'past'], 'ado', 'ido', 'ido'),
];
const NON_FINITE: Cell[] = [
  cell(['infinitive'], 'ar', 'er', 'ir'),
  cell(['gerund'], 'ando', 'iendo', 'iendo'),
  cell(['masculine', 'participle', 'past', 'singular'], 'ado', 'ido', 'ido'),
  cell(['feminine', 'participle', 'past', 'singular'], 'ada', 'ida', 'ida'),
  cell(['masculine', 'participle', 'past', 'plural'], 'ados', 'idos', 'idos'),
  cell(['feminine', 'participle', 'past', 'plural'], 'adas', 'idas', 'idas'),
];
const INDICATIVE: Cell[] = [
  ...tense(
    ['indicative', 'present'],
    ['o', 'as', 'a', 'amos', 'áis', 'an'],
    ['o', 'es', 'e', 'emos', 'éis', 'en'],
    ['o', 'es', 'e', 'imos', 'ís', 'en'],
  ),
  cell(['indicative', 'informal', 'present', 'second-person', 'singular', 'vos-form'], 'ás', 'és', 'ís'),
  ...tense(
    ['imperfect', 'indicative'],
    ['aba', 'abas', 'aba', 'ábamos', 'abais', 'aban'],
    ['ía', 'ías', 'ía', 'íamos', 'íais', 'ían'],
    ['ía', 'ías', 'ía', 'íamos', 'íais', 'ían'],
  ),
  ...tense(
    ['indicative', 'preterite'],
    ['é', 'aste', 'ó', 'amos', 'asteis', 'aron'],
    ['í', 'iste', 'ió', 'imos', 'isteis', 'ieron'],
    ['í', 'iste', 'ió', 'imos', 'isteis', 'ieron'],
  ),
  ...tense(
    ['future', 'indicative'],
    ['aré', 'arás', 'ará', 'aremos', 'aréis', 'arán'],
    ['eré', 'erás', 'erá', 'eremos', 'eréis', 'erán'],
    ['iré', 'irás', 'irá', 'iremos', 'iréis', 'irán'],
  ),
  ...tense(
    ['conditional', 'indicative'],
    ['aría', 'arías', 'aría', 'aríamos', 'aríais', 'arían'],
    ['ería', 'erías', 'ería', 'eríamos', 'eríais', 'erían'],
    ['iría', 'irías', 'iría', 'iríamos', 'iríais', 'irían'],
  ),
];
const SUBJUNCTIVE: Cell[] = [
  ...tense(
    ['present', 'subjunctive'],
    ['e', 'es', 'e', 'emos', 'éis', 'en'],
    ['a', 'as', 'a', 'amos', 'áis', 'an'],
    ['a', 'as', 'a', 'amos', 'áis', 'an'],
  ),
  cell(['informal', 'present', 'second-person', 'singular', 'subjunctive', 'vos-form'], 'és', 'ás', 'ás'),
];
const IMPERFECT_SUBJUNCTIVE: Cell[] = tense(
  ['imperfect', 'subjunctive'],
  ['ara', 'aras', 'ara', 'áramos', 'arais', 'aran'],
  ['iera', 'ieras', 'iera', 'iéramos', 'ierais', 'ieran'],
  ['iera', 'ieras', 'iera', 'iéramos', 'ierais', 'ieran'],
);
const IMPERATIVE: Cell[] = [
  cell(['imperative', 'informal', 'second-person', 'singular'], 'a', 'e', 'e'),
  cell(['imperative', 'informal', 'second-person', 'singular', 'vos-form'], 'á', 'é', 'í'),
  cell(['formal', 'imperative', 'second-person-semantically', 'singular', 'third-person'], 'e', 'a', 'a'),
  cell(['first-person', 'imperative', 'plural'], 'emos', 'amos', 'amos'),
  cell(['imperative', 'plural', 'second-person'], 'ad', 'ed', 'id'),
  cell(['formal', 'imperative', 'plural', 'second-person-semantically', 'third-person'], 'en', 'an', 'an'),
];
/**
 * Forms the tables above leave out: entries of their own that are only a form of the verb ('viviese'). The
 * first and third person singular are one word, so one entry ('first/third-person singular …').
 */
const VERB_FORM_OF_CELLS: Cell[] = mergeSameWords([
  ...tense(
    ['imperfect', 'imperfect-se', 'subjunctive'],
    ['ase', 'ases', 'ase', 'ásemos', 'aseis', 'asen'],
    ['iese', 'ieses', 'iese', 'iésemos', 'ieseis', 'iesen'],
    ['iese', 'ieses', 'iese', 'iésemos', 'ieseis', 'iesen'],
  ),
  ...tense(
    ['future', 'subjunctive'],
    ['are', 'ares', 'are', 'áremos', 'areis', 'aren'],
    ['iere', 'ieres', 'iere', 'iéremos', 'iereis', 'ieren'],
    ['iere', 'ieres', 'iere', 'iéremos', 'iereis', 'ieren'],
  ),
]);

function mergeSameWords(cells: Cell[]): Cell[] {
  const merged: Cell[] = [];
  for (const next of cells) {
    const same = merged.find((earlier) => earlier.ending.ar === next.ending.ar);
    if (same) same.tags = [...new Set([...same.tags, ...next.tags])].sort();
    else merged.push({ tags: [...next.tags], ending: next.ending });
  }
  return merged;
}
/** Forms of a noun or adjective that are entries of their own, with what wiktextract's glosses call them. */
const NOMINAL_FORM_OF: { ending: string; gloss: string; tags: string[] }[] = [
  { ending: 'ote', gloss: 'augmentative', tags: ['augmentative', 'form-of', 'masculine'] },
  { ending: 'azo', gloss: 'augmentative', tags: ['augmentative', 'form-of', 'masculine'] },
  { ending: 'illo', gloss: 'diminutive', tags: ['diminutive', 'form-of', 'masculine'] },
  { ending: 'illa', gloss: 'diminutive', tags: ['diminutive', 'feminine', 'form-of'] },
  { ending: 'ucho', gloss: 'pejorative', tags: ['form-of', 'masculine', 'pejorative'] },
];

/** 'first-person singular imperfect subjunctive', as the glosses of form-of senses read. */
function describeCell(tags: readonly string[]): string {
  const rank = (tag: string) =>
    tag.endsWith('-person') ? 0 : tag === 'singular' || tag === 'plural' ? 1 : 2;
  return [...tags]
    .sort((a, b) => rank(a) - rank(b))
    .join(' ')
    .replace('first-person third-person', 'first/third-person');
}

// ---------------------------------------------------------------------------------------------------------
// Entries

type Kind = 'verb' | 'noun' | 'adj' | 'adv' | 'other' | 'form-of';

/** A word other entries may be a form of, with the forms of it still free to become entries. */
interface Target {
  stem: string;
  word: string;
  kind: 'verb' | 'noun' | 'adj';
  verbClass: VerbClass;
  used: number;
}

type Json = Record<string, unknown>;

function sounds(dice: Dice, word: string): Json[] {
  const ipa = word.replace(/ch/g, 't͡ʃ').replace(/ll/g, 'ʝ').replace(/ñ/g, 'ɲ').replace(/c/g, 'k');
  const list: Json[] = [{ ipa: `/${ipa}/` }, { ipa: `[${ipa.replace(/b/g, 'β̞').replace(/d/g, 'ð̞')}]` }];
  if (dice.chance(0.3)) {
    const file = `LL-Q1321 (spa)-Speaker-${word}.wav`;
    list.push({
      audio: file,
      tags: [dice.pick(['Spain', 'Mexico', 'Argentina', 'Colombia'])],
      ogg_url: `https://upload.wikimedia.org/wikipedia/commons/transcoded/a/ab/${encodeURIComponent(file)}/${encodeURIComponent(file)}.ogg`,
      mp3_url: `https://upload.wikimedia.org/wikipedia/commons/transcoded/a/ab/${encodeURIComponent(file)}/${encodeURIComponent(file)}.mp3`,
    });
  }
  list.push({ rhymes: `-${word.slice(-3)}` });
  return list;
}

function hyphenation(word: string): Json {
  const parts = word.match(/[^aeiouáéíóú]*[aeiouáéíóú]+(?:[^aeiouáéíóú]+$)?/g) ?? [word];
  return { hyphenation: [parts.join('‧')], hyphenations: [{ parts: [parts.join('‧')] }] };
}

function etymology(dice: Dice, word: string): Json {
  const latin = `${word.slice(0, -2)}${dice.pick(['āre', 'ēre', 'us', 'um', 'a'])}`;
  return {
    etymology_text: `Inherited from Old Spanish ${word}, from Latin ${latin}.`,
    etymology_templates: [
      { name: 'inh', args: { '1': 'es', '2': 'osp', '3': word }, expansion: `Old Spanish ${word}` },
      { name: 'inh', args: { '1': 'es', '2': 'la', '3': latin }, expansion: `Latin ${latin}` },
    ],
  };
}

function sense(
  dice: Dice,
  word: string,
  gloss: string,
  categories: string[],
  options: { label?: string; tags?: string[] } = {},
): Json {
  const links = gloss
    .replace(/^to /, '')
    .split(/[;,] (?:to )?/)
    .map((part) => [part, part]);
  const result: Json = {
    categories,
    links,
    ...(options.label ? { raw_glosses: [`(${options.label}) ${gloss}`] } : {}),
    glosses: [gloss],
    tags: options.tags ?? (options.label ? [options.label] : []),
  };
  if (dice.chance(0.5)) {
    const english = englishSentence(dice, dice.pick(ENGLISH_VERBS));
    result.examples = [
      {
        text: spanishSentence(dice, word),
        bold_text_offsets: [[0, word.length]],
        translation: english,
        english,
        bold_translation_offsets: [[4, 9]],
        type: 'example',
      },
    ];
  }
  return result;
}

function verbEntry(dice: Dice, target: Target): Json {
  const { stem: base, word, verbClass } = target;
  const senseCount = dice.int(1, 4);
  const senses: Json[] = [];
  for (let i = 0; i < senseCount; i++) {
    const verb = dice.pick(ENGLISH_VERBS);
    const label = dice.pick(LABELS);
    const gloss = dice.chance(0.5) ? `to ${verb}; to ${dice.pick(ENGLISH_VERBS)}` : `to ${verb}`;
    senses.push(
      sense(dice, word, gloss, [`Spanish ${label} verbs`, 'Spanish terms with usage examples'], { label }),
    );
  }
  // Some verbs are defective or their table is shorter: 49 to 63 rows, as the sample's tables vary.
  const isShort = dice.chance(0.2);
  const cells = [
    ...NON_FINITE,
    ...INDICATIVE,
    ...SUBJUNCTIVE,
    ...(isShort ? [] : IMPERFECT_SUBJUNCTIVE),
    ...(isShort ? [] : IMPERATIVE),
  ];
  const forms: Json[] = HEAD_CELLS.map((head) => ({ form: base + head.ending[verbClass], tags: head.tags }));
  forms.push({ form: 'no-table-tags', source: 'conjugation', tags: ['table-tags'] });
  forms.push({ form: 'es-conj', source: 'conjugation', tags: ['inflection-template'] });
  for (const conjugated of cells) {
    forms.push({ form: base + conjugated.ending[verbClass], tags: conjugated.tags, source: 'conjugation' });
  }
  if (!isShort) {
    forms.push({
      form: '-',
      tags: ['combined-form', 'dative', 'imperative', 'object-plural', 'second-person'],
      source: 'conjugation',
    });
  }
  if (dice.chance(0.1)) forms.push({ form: `${word}-ro`, tags: ['romanization'] });
  return {
    word,
    pos: 'verb',
    senses,
    head_templates: [
      {
        name: 'es-verb',
        args: {},
        expansion: `${word} (first-person singular present ${base}o, first-person singular preterite ${base}${
          verbClass === 'ar' ? 'é' : 'í'
        }, past participle ${base}${verbClass === 'ar' ? 'ado' : 'ido'})`,
      },
    ],
    categories: [
      'Spanish lemmas',
      'Spanish verbs',
      `Spanish verbs ending in -${verbClass}`,
      `Spanish ${dice.int(2, 4)}-syllable words`,
      'Spanish terms inherited from Latin',
      'Spanish terms inherited from Old Spanish',
      'Spanish terms with IPA pronunciation',
      `Rhymes:Spanish/${word.slice(-2)}`,
    ],
    inflection_templates: [{ name: 'es-conj', args: {} }],
    forms,
    ...(dice.chance(0.4)
      ? {
          related: dice
            .some(['ción', 'miento', 'dor', 'ble', 'nte'], 1, 4)
            .map((ending) => ({ word: base + ending })),
        }
      : {}),
    ...etymology(dice, word),
    sounds: sounds(dice, word),
    ...hyphenation(word),
    lang: 'Spanish',
    lang_code: 'es',
  };
}

function nominalEntry(dice: Dice, target: Target): Json {
  const { stem: base, word, kind } = target;
  const isNoun = kind === 'noun';
  const senseCount = dice.int(1, 3);
  const senses: Json[] = [];
  for (let i = 0; i < senseCount; i++) {
    const gloss = isNoun
      ? `${dice.pick(['a', 'the', 'any'])} ${dice.pick(ENGLISH_NOUNS)}${dice.chance(0.4) ? ` of ${dice.pick(ENGLISH_NOUNS)}s` : ''}`
      : `${dice.pick(ENGLISH_ADJECTIVES)}; ${dice.pick(ENGLISH_ADJECTIVES)}`;
    const tags = isNoun ? [dice.pick(NOUN_TAGS)] : [];
    senses.push(
      sense(dice, word, gloss, [isNoun ? 'Spanish countable nouns' : 'Spanish adjectives'], {
        tags,
        ...(dice.chance(0.3) ? { label: dice.pick(LABELS) } : {}),
      }),
    );
  }
  const forms: Json[] = [];
  if (isNoun) {
    forms.push({ form: `${base}os`, tags: ['plural'] });
    if (dice.chance(0.6)) forms.push({ form: `${base}a`, tags: ['feminine'] });
    if (dice.chance(0.5)) forms.push({ form: `${base}as`, tags: ['feminine', 'plural'] });
    if (dice.chance(0.3)) forms.push({ form: `${base}ito`, tags: ['diminutive'] });
  } else {
    forms.push({ form: `${base}a`, tags: ['feminine'] });
    forms.push({ form: `${base}os`, tags: ['masculine', 'plural'] });
    forms.push({ form: `${base}as`, tags: ['feminine', 'plural'] });
    if (dice.chance(0.5)) forms.push({ form: `${base}ísimo`, tags: ['superlative'] });
    if (dice.chance(0.5)) forms.push({ form: `más ${word}`, tags: ['comparative'] });
  }
  const gender = word.endsWith('a') ? 'f' : 'm';
  return {
    word,
    pos: isNoun ? 'noun' : 'adj',
    senses,
    head_templates: [
      {
        name: isNoun ? 'es-noun' : 'es-adj',
        args: isNoun ? { '1': gender } : {},
        expansion: `${word} ${isNoun ? `${gender} (plural ${base}os)` : `(feminine ${base}a, plural ${base}os)`}`,
      },
    ],
    categories: [
      'Spanish lemmas',
      isNoun ? 'Spanish nouns' : 'Spanish adjectives',
      isNoun
        ? `Spanish ${gender === 'f' ? 'feminine' : 'masculine'} nouns`
        : 'Spanish adjectives ending in -o',
      'Spanish terms with IPA pronunciation',
      `Rhymes:Spanish/${word.slice(-2)}`,
    ],
    forms,
    ...(dice.chance(0.3)
      ? { derived: [{ word: `${base}ero` }, { word: `${base}ería` }, { word: `${base}al ${word}` }] }
      : {}),
    ...etymology(dice, word),
    sounds: sounds(dice, word),
    ...hyphenation(word),
    lang: 'Spanish',
    lang_code: 'es',
  };
}

function plainEntry(dice: Dice, base: string, kind: 'adv' | 'other'): Json {
  const isAdverb = kind === 'adv';
  const isName = !isAdverb && dice.chance(0.5);
  const word = isAdverb
    ? `${base}amente`
    : isName
      ? `${base.charAt(0).toUpperCase()}${base.slice(1)}a`
      : `${base}e`;
  const pos = isAdverb ? 'adv' : isName ? 'name' : 'intj';
  const gloss = isAdverb
    ? `${dice.pick(ENGLISH_ADJECTIVES)}ly`
    : pos === 'name'
      ? `a town in ${dice.pick(['Spain', 'Mexico', 'Peru', 'Chile'])}`
      : `expressing ${dice.pick(['surprise', 'joy', 'pain', 'doubt'])}`;
  return {
    word,
    pos,
    senses: [sense(dice, word, gloss, [`Spanish ${isAdverb ? 'adverbs' : 'lemmas'}`])],
    head_templates: [{ name: isAdverb ? 'es-adv' : 'head', args: { '1': 'es' }, expansion: word }],
    categories: [
      'Spanish lemmas',
      `Spanish ${pos === 'adv' ? 'adverbs' : pos === 'name' ? 'proper nouns' : 'interjections'}`,
    ],
    sounds: sounds(dice, word),
    ...hyphenation(word),
    lang: 'Spanish',
    lang_code: 'es',
  };
}

/** An entry that is only a form of an earlier word, as 'reciba' is of recibir: one or two form-of senses. */
function formOfEntry(dice: Dice, target: Target): Json {
  let word: string;
  let senses: Json[];
  if (target.kind === 'verb') {
    const formCell = VERB_FORM_OF_CELLS[target.used % VERB_FORM_OF_CELLS.length];
    if (!formCell) throw new Error('no form-of cell');
    word = target.stem + formCell.ending[target.verbClass];
    const description = describeCell(formCell.tags);
    senses = [
      {
        links: [[target.word, `${target.word}#Spanish`]],
        form_of: [{ word: target.word }],
        glosses: [`inflection of ${target.word}:`, description],
        tags: [...formCell.tags, 'form-of'].sort(),
      },
    ];
    if (dice.chance(0.3)) {
      senses.unshift({
        categories: ['Spanish terms with obsolete senses'],
        links: [[target.word, `${target.word}#Spanish`]],
        raw_glosses: [`(obsolete) inflection of ${target.word}:`, description],
        form_of: [{ word: target.word }],
        glosses: [`inflection of ${target.word}:`, description],
        tags: [...formCell.tags, 'form-of', 'obsolete'].sort(),
      });
    }
  } else {
    const form = NOMINAL_FORM_OF[target.used % NOMINAL_FORM_OF.length];
    if (!form) throw new Error('no form-of ending');
    word = target.stem + form.ending;
    senses = [
      {
        links: [[target.word, `${target.word}#Spanish`]],
        form_of: [{ word: target.word, extra: dice.pick(ENGLISH_NOUNS) }],
        glosses: [`${form.gloss} of ${target.word}`],
        tags: form.tags,
      },
    ];
  }
  target.used++;
  return {
    word,
    pos: target.kind,
    senses,
    head_templates: [
      {
        name: 'head',
        args: { '1': 'es', '2': target.kind === 'verb' ? 'verb form' : `${target.kind} form` },
        expansion: word,
      },
    ],
    categories: [
      'Spanish non-lemma forms',
      `Spanish ${target.kind === 'verb' ? 'verb' : target.kind === 'noun' ? 'noun' : 'adjective'} forms`,
      'Spanish terms with IPA pronunciation',
      `Rhymes:Spanish/${word.slice(-3)}`,
    ],
    lang: 'Spanish',
    lang_code: 'es',
    sounds: sounds(dice, word),
    ...hyphenation(word),
  };
}

const KIND_SHARES: [Kind, number][] = [
  ['form-of', 0.3],
  ['verb', 0.08],
  ['noun', 0.36],
  ['adj', 0.14],
  ['adv', 0.05],
  ['other', 0.07],
];

/** The dump's entries, one after the other, the same at every run for the same count and seed. */
export function* dumpEntries(count: number, seed = 1): Generator<Json, void, undefined> {
  const dice = new Dice(mulberry32(seed));
  const stemNumber = scatter(count);
  // Words the next form-of entries may point at; each has a few forms left to become entries.
  const targets: Target[] = [];
  for (let index = 0; index < count; index++) {
    const roll = dice.next();
    let kind: Kind = 'other';
    let sum = 0;
    for (const [name, share] of KIND_SHARES) {
      sum += share;
      if (roll < sum) {
        kind = name;
        break;
      }
    }
    const base = stem(stemNumber(index));
    if (kind === 'form-of') {
      const slot = Math.floor(dice.next() * targets.length);
      const target = targets[slot];
      if (target) {
        yield formOfEntry(dice, target);
        const limit = target.kind === 'verb' ? VERB_FORM_OF_CELLS.length : NOMINAL_FORM_OF.length;
        if (target.used >= limit) targets.splice(slot, 1);
        continue;
      }
      kind = 'verb'; // nothing to point at yet: the first entries are words of their own
    }
    if (kind === 'adv' || kind === 'other') {
      yield plainEntry(dice, base, kind);
      continue;
    }
    const verbClass = dice.pick<VerbClass>(['ar', 'ar', 'ar', 'er', 'ir']);
    const target: Target = {
      stem: base,
      word: kind === 'verb' ? base + verbClass : `${base}o`,
      kind,
      verbClass,
      used: 0,
    };
    if (targets.length < 4096) targets.push(target);
    else targets[Math.floor(dice.next() * targets.length)] = target;
    yield kind === 'verb' ? verbEntry(dice, target) : nominalEntry(dice, target);
  }
}

export interface GeneratedDump {
  path: string;
  entries: number;
  /** Bytes on disk (gzip). */
  bytes: number;
  /** Bytes once decompressed. */
  textBytes: number;
  seconds: number;
}

/** Streams `count` entries to `path` as gzipped JSON lines, flushing ~1 MB at a time. */
export async function generateDump(path: string, count: number, seed = 1): Promise<GeneratedDump> {
  const startedAt = performance.now();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(path));
  let chunk = '';
  let textBytes = 0;
  const flush = async () => {
    textBytes += Buffer.byteLength(chunk);
    const hasRoom = gzip.write(chunk);
    chunk = '';
    if (!hasRoom) await once(gzip, 'drain');
  };
  for (const entry of dumpEntries(count, seed)) {
    chunk += `${JSON.stringify(entry)}\n`;
    if (chunk.length >= 1 << 20) await flush();
  }
  await flush();
  gzip.end();
  await written;
  return {
    path,
    entries: count,
    bytes: statSync(path).size,
    textBytes,
    seconds: (performance.now() - startedAt) / 1000,
  };
}

/** What the importer's mapper makes of the first `sample` entries: forms per entry, and the share of each. */
export function sampleForms(count: number, sample: number, seed = 1) {
  let entries = 0;
  let forms = 0;
  let bytes = 0;
  let withSenses = 0;
  for (const entry of dumpEntries(count, seed)) {
    if (entries >= sample) break;
    entries++;
    bytes += Buffer.byteLength(JSON.stringify(entry)) + 1;
    const mapped = mapWiktextractEntry(entry, 'es');
    if (!mapped.ok) throw new Error(`generated entry ${entries} is skipped: ${mapped.reason}`);
    forms += mapped.entry.forms.length;
    if (mapped.entry.senses.length > 0) withSenses++;
  }
  return {
    entries,
    formsPerEntry: forms / entries,
    bytesPerLine: bytes / entries,
    withSensesShare: withSenses / entries,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = Number(process.argv[2] ?? DEFAULT_ENTRIES);
  const path = process.argv[3] ?? `es-${count}.jsonl.gz`;
  const sample = sampleForms(count, Math.min(count, 20_000));
  console.info(
    `A sample of ${sample.entries} entries: ${sample.bytesPerLine.toFixed(0)} bytes a line, ` +
      `${sample.formsPerEntry.toFixed(2)} surface forms an entry (~${Math.round(sample.formsPerEntry * count).toLocaleString('en')} in all), ` +
      `${(sample.withSensesShare * 100).toFixed(1)} % with senses of their own.`,
  );
  const dump = await generateDump(path, count);
  console.info(
    `Wrote ${dump.entries.toLocaleString('en')} entries to ${dump.path}: ${(dump.bytes / 2 ** 20).toFixed(1)} MB gzipped, ` +
      `${(dump.textBytes / 2 ** 20).toFixed(1)} MB of text, in ${dump.seconds.toFixed(1)} s.`,
  );
}
