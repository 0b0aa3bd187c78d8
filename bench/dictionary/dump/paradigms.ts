// Data: the endings of Spanish conjugation (verbs in -ar, -er, -ir) and the other paradigms, cell by cell, with
// the tags wiktextract gives each, for the generated dump's tables and form-of entries.

export type VerbClass = 'ar' | 'er' | 'ir';
export type Cell = { tags: string[]; ending: Record<VerbClass, string> };

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

export const HEAD_CELLS: Cell[] = [
  cell(['first-person', 'present', 'singular'], 'o', 'o', 'o'),
  cell(['first-person', 'preterite', 'singular'], 'é', 'í', 'í'),
  cell(['participle', 'past'], 'ado', 'ido', 'ido'),
];
export const NON_FINITE: Cell[] = [
  cell(['infinitive'], 'ar', 'er', 'ir'),
  cell(['gerund'], 'ando', 'iendo', 'iendo'),
  cell(['masculine', 'participle', 'past', 'singular'], 'ado', 'ido', 'ido'),
  cell(['feminine', 'participle', 'past', 'singular'], 'ada', 'ida', 'ida'),
  cell(['masculine', 'participle', 'past', 'plural'], 'ados', 'idos', 'idos'),
  cell(['feminine', 'participle', 'past', 'plural'], 'adas', 'idas', 'idas'),
];
export const INDICATIVE: Cell[] = [
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
export const SUBJUNCTIVE: Cell[] = [
  ...tense(
    ['present', 'subjunctive'],
    ['e', 'es', 'e', 'emos', 'éis', 'en'],
    ['a', 'as', 'a', 'amos', 'áis', 'an'],
    ['a', 'as', 'a', 'amos', 'áis', 'an'],
  ),
  cell(['informal', 'present', 'second-person', 'singular', 'subjunctive', 'vos-form'], 'és', 'ás', 'ás'),
];
export const IMPERFECT_SUBJUNCTIVE: Cell[] = tense(
  ['imperfect', 'subjunctive'],
  ['ara', 'aras', 'ara', 'áramos', 'arais', 'aran'],
  ['iera', 'ieras', 'iera', 'iéramos', 'ierais', 'ieran'],
  ['iera', 'ieras', 'iera', 'iéramos', 'ierais', 'ieran'],
);
export const IMPERATIVE: Cell[] = [
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
export const VERB_FORM_OF_CELLS: Cell[] = mergeSameWords([
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
export const NOMINAL_FORM_OF: { ending: string; gloss: string; tags: string[] }[] = [
  { ending: 'ote', gloss: 'augmentative', tags: ['augmentative', 'form-of', 'masculine'] },
  { ending: 'azo', gloss: 'augmentative', tags: ['augmentative', 'form-of', 'masculine'] },
  { ending: 'illo', gloss: 'diminutive', tags: ['diminutive', 'form-of', 'masculine'] },
  { ending: 'illa', gloss: 'diminutive', tags: ['diminutive', 'feminine', 'form-of'] },
  { ending: 'ucho', gloss: 'pejorative', tags: ['form-of', 'masculine', 'pejorative'] },
];
