// Telling a word derived from another (German Fahrer, 'agent noun of fahren; driver'; Fahrerin; Häuschen) from
// a plain inflection of it (Fahrers, 'genitive singular of Fahrer'). Wiktionary writes both as "form of"
// senses, and wiktextract gives both `form_of` links, but a derived word is a word of its own: it keeps its
// senses and its own table of forms, and the link is shown beside them (issue 21).
import { TAG_PLACE } from './tags.ts';

// The tags wiktextract gives the senses of derivation templates ({{agent noun of}}, {{diminutive of}}, …).
const DERIVATION_TAGS = new Set([
  'agent',
  'diminutive',
  'augmentative',
  'endearing',
  'pejorative',
  'abstract-noun',
  'nominalization',
]);

// The same derivations as the glosses of the English edition word them, for senses tagged otherwise.
const DERIVATION_GLOSS =
  /^(?:agent noun|(?:female|feminine|male|masculine) equivalent|(?:endearing )?diminutive|augmentative|endearing form|pejorative|abstract noun|nominalization) of\b/i;

// A gender is a derivation only on a noun (Fahrerin, the female equivalent of Fahrer): on an adjective or a
// participle, 'feminine of bonito' is one of its inflected forms.
const GENDERS = new Set(['feminine', 'masculine']);
const NOUNS = new Set(['noun', 'name']);
// Gender and animacy name the derived noun's own gender ('masculine', 'strong'): no inflection is said by them.
const NOT_INFLECTING = new Set([
  'masculine',
  'feminine',
  'neuter',
  'common',
  'animate',
  'inanimate',
  'personal',
]);
const OTHER_INFLECTING = new Set(['comparative', 'superlative', 'short-form', 'definite', 'indefinite']);

function isInflecting(tag: string): boolean {
  return (TAG_PLACE.has(tag) && !NOT_INFLECTING.has(tag)) || OTHER_INFLECTING.has(tag);
}

/**
 * Whether a form-of sense makes a word derived from the one it links to, rather than one of its inflected
 * forms: tagged or worded as a derivation (or, on a noun, as the other gender), and tagged with no case,
 * number, person, tense, mood or other inflection.
 */
export function isDerivation(glosses: readonly string[], tags: readonly string[], pos: string): boolean {
  if (tags.some(isInflecting)) return false;
  if (tags.some((tag) => DERIVATION_TAGS.has(tag))) return true;
  if (glosses.some((gloss) => DERIVATION_GLOSS.test(gloss))) return true;
  return NOUNS.has(pos) && tags.some((tag) => GENDERS.has(tag)) && !tags.includes('plural');
}
