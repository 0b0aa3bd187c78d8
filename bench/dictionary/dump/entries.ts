// The generated dump's entries, shaped like the real ones in tests/fixtures/kaikki: a verb with its conjugation
// table, a noun or an adjective with its forms, an adverb, a name or an interjection, and an entry that is only
// a form of an earlier word.
import type { Dice } from './dice.ts';
import {
  ENGLISH_ADJECTIVES,
  ENGLISH_NOUNS,
  ENGLISH_VERBS,
  englishSentence,
  LABELS,
  NOUN_TAGS,
  spanishSentence,
} from './english.ts';
import {
  HEAD_CELLS,
  IMPERATIVE,
  IMPERFECT_SUBJUNCTIVE,
  INDICATIVE,
  NOMINAL_FORM_OF,
  NON_FINITE,
  SUBJUNCTIVE,
  VERB_FORM_OF_CELLS,
  type VerbClass,
} from './paradigms.ts';

/** 'first-person singular imperfect subjunctive', as the glosses of form-of senses read. */
function describeCell(tags: readonly string[]): string {
  const rank = (tag: string) =>
    tag.endsWith('-person') ? 0 : tag === 'singular' || tag === 'plural' ? 1 : 2;
  return [...tags]
    .sort((a, b) => rank(a) - rank(b))
    .join(' ')
    .replace('first-person third-person', 'first/third-person');
}

export type Kind = 'verb' | 'noun' | 'adj' | 'adv' | 'other' | 'form-of';

/** A word other entries may be a form of, with the forms of it still free to become entries. */
export interface Target {
  stem: string;
  word: string;
  kind: 'verb' | 'noun' | 'adj';
  verbClass: VerbClass;
  used: number;
}

export type Json = Record<string, unknown>;

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

export function verbEntry(dice: Dice, target: Target): Json {
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

export function nominalEntry(dice: Dice, target: Target): Json {
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

export function plainEntry(dice: Dice, base: string, kind: 'adv' | 'other'): Json {
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
export function formOfEntry(dice: Dice, target: Target): Json {
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
