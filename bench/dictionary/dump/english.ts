// English for the generated dump's glosses and examples, and the Spanish sentences the examples stand in.
import type { Dice } from './dice.ts';
import { stem } from './stems.ts';

export const ENGLISH_VERBS = (
  'live make take give find tell ask work seem feel try leave call keep hold bring begin show hear play run ' +
  'move like believe happen write provide sit stand lose pay meet include continue set learn change lead ' +
  'understand watch follow stop create speak read allow add spend grow open walk win offer remember love ' +
  'consider appear buy wait serve die send expect build stay fall cut reach kill remain suggest raise pass ' +
  'sell require report decide pull carry break drive wash cook sing dance swim climb borrow lend steal'
).split(' ');
export const ENGLISH_NOUNS = (
  'house room chamber door window table chair river mountain field tree flower bird horse dog cat fish bread ' +
  'water wine milk cheese salt book letter word voice song story city village road bridge church school ' +
  'market shop money gold silver iron stone wood fire smoke rain snow wind cloud star moon sun morning night ' +
  'winter summer spring autumn heart head hand foot eye ear mouth tooth hair skin blood bone friend brother ' +
  'sister mother father child king queen soldier sailor farmer doctor teacher driver'
).split(' ');
export const ENGLISH_ADJECTIVES = (
  'big small long short old young new good bad high low fast slow hot cold warm dark light heavy strong weak ' +
  'rich poor happy sad quiet loud clean dirty soft hard sweet bitter wide narrow deep full empty early late'
).split(' ');
export const LABELS = ['transitive', 'intransitive', 'pronominal', 'colloquial', 'figuratively', 'reflexive'];
export const NOUN_TAGS = ['masculine', 'feminine', 'countable', 'uncountable'];

export function englishSentence(dice: Dice, verb: string): string {
  return `The ${dice.pick(ENGLISH_NOUNS)} ${verb}s ${dice.pick(['in', 'on', 'with', 'near', 'for'])} the ${dice.pick(
    ENGLISH_ADJECTIVES,
  )} ${dice.pick(ENGLISH_NOUNS)}.`;
}

export function spanishSentence(dice: Dice, word: string): string {
  const filler = () => stem(dice.int(0, 200_000)) + dice.pick(['a', 'o', 'e', 'as', 'os', 'an']);
  const first = filler();
  return `${first.charAt(0).toUpperCase()}${first.slice(1)} ${word} ${dice.pick(['en', 'con', 'de', 'por'])} la ${filler()} ${filler()}.`;
}
