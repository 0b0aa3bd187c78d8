// wiktextract's tags as describeForm groups, orders, names or silences them.
// ---------------------------------------------------------------------------------------------------------
// describeForm

interface TagGroup {
  readonly tags: readonly string[];
  /**
   * Whether two tags of the group on one form are two readings, written with a slash ('accusative' and
   * 'nominative': 'nominative/accusative singular'), rather than one name together ('future' and 'perfect':
   * 'future perfect'; 'indicative' and 'conditional').
   */
  readonly isChoice: boolean;
}

// The order the words of a description take, as Wiktionary writes them: 'third-person singular preterite
// indicative', 'genitive plural', 'feminine singular past active participle'. Case comes before number
// ('genitive plural', not 'plural genitive'); in a verb form there is no case, so person, number, tense, mood.
export const TAG_GROUPS: readonly TagGroup[] = [
  { tags: ['first-person', 'second-person', 'third-person'], isChoice: true },
  {
    tags: [
      'nominative',
      'accusative',
      'genitive',
      'dative',
      'ablative',
      'vocative',
      'locative',
      'instrumental',
      'prepositional',
      'partitive',
      'oblique',
      'ergative',
      'absolutive',
      'nominative-accusative',
      'inessive',
      'elative',
      'illative',
      'adessive',
      'allative',
      'essive',
      'translative',
      'abessive',
      'comitative',
      'instructive',
      'terminative',
      'sociative',
      'causal-final',
    ],
    isChoice: true,
  },
  // Animacy is a group of its own: 'animate masculine' is one reading, not two.
  { tags: ['animate', 'inanimate'], isChoice: true },
  { tags: ['masculine', 'feminine', 'neuter', 'common', 'virile', 'nonvirile'], isChoice: true },
  { tags: ['personal'], isChoice: true },
  { tags: ['singular', 'plural', 'dual', 'paucal'], isChoice: true },
  {
    tags: [
      'present',
      'past',
      'future',
      'non-past',
      'preterite',
      'imperfect',
      'imperfect-ra',
      'imperfect-se',
      'perfect',
      'pluperfect',
      'aorist',
      'future-i',
      'future-ii',
      'future-perfect',
      'anterior',
    ],
    isChoice: false,
  },
  { tags: ['perfective', 'imperfective', 'progressive', 'continuative', 'habitual'], isChoice: false },
  {
    tags: [
      'indicative',
      'subjunctive',
      'subjunctive-i',
      'subjunctive-ii',
      'conditional',
      'imperative',
      'optative',
      'jussive',
      'potential',
      'hortative',
      'cohortative',
      'volitional',
      'desiderative',
      'hypothetical',
    ],
    isChoice: false,
  },
  { tags: ['active', 'passive', 'middle', 'mediopassive', 'causative'], isChoice: false },
  // A non-finite form closes the phrase, after its tense and voice: 'past passive participle'.
  { tags: ['infinitive', 'participle', 'gerund', 'gerundive', 'supine', 'converb'], isChoice: false },
];

/** A tag's group, and its place in the group (the order of 'first/third-person', 'nominative/accusative'). */
export const TAG_PLACE: ReadonlyMap<string, { rank: number; order: number }> = new Map(
  TAG_GROUPS.flatMap((group, rank) => group.tags.map((tag, order) => [tag, { rank, order }] as const)),
);

// A tag that names a kind of another makes the other one redundant: 'subjunctive II', not 'subjunctive
// subjunctive II'.
export const KIND_OF: ReadonlyMap<string, string> = new Map([
  ['subjunctive-i', 'subjunctive'],
  ['subjunctive-ii', 'subjunctive'],
  ['imperfect-ra', 'imperfect'],
  ['imperfect-se', 'imperfect'],
  ['future-i', 'future'],
  ['future-ii', 'future'],
]);

// Tags that say nothing to a learner: wiktextract's bookkeeping, inflection classes ('declension-2'), and
// qualifiers that belong to a sense rather than to a form ('usually', 'also').
export const SILENT_TAGS = new Set([
  'canonical',
  'multiword-construction',
  'error-unrecognized-form',
  'form-of',
  'alt-of',
  'no-gloss',
  'table-tags',
  'inflection-template',
  'class',
  'romanization',
  'transliteration',
  'irregular',
  'morpheme',
  'usually',
  'also',
  'mainly',
  'often',
  'sometimes',
  'broadly',
]);
export const SILENT_TAG_PATTERN = /^(?:error|dummy)-|^(?:declension|conjugation|class)-\d/;

const TAG_LABELS: ReadonlyMap<string, string> = new Map([
  ['future-i', 'future I'],
  ['future-ii', 'future II'],
  ['subjunctive-i', 'subjunctive I'],
  ['subjunctive-ii', 'subjunctive II'],
  ['imperfect-ra', 'imperfect (-ra)'],
  ['imperfect-se', 'imperfect (-se)'],
  ['non-past', 'non-past'],
]);

// Words that name a form by themselves ('diminutive of Fuchs'); any other phrase of only such tags as
// 'alternative' or 'adverbial' needs the noun: 'alternative form of akull'.
export const FORM_NOUNS = new Set([
  'form',
  'diminutive',
  'augmentative',
  'comparative',
  'superlative',
  'abbreviation',
  'contraction',
  'misspelling',
]);

export function tagLabel(tag: string): string {
  // 'third-person' keeps its hyphen as English writes it; 'with-tú' reads 'with tú'.
  return TAG_LABELS.get(tag) ?? tag.replace(/-(?!person\b)/g, ' ');
}
