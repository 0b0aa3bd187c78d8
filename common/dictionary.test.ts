import { describe, expect, it } from 'vitest';
import {
  dictionaryKey,
  LOOKUP_PUNCTUATION,
  MAX_LOOKUP_WORD_LENGTH,
  normalizeLookup,
  stripLookupPunctuation,
  stripReadingAids,
} from './dictionary.ts';

describe('LOOKUP_PUNCTUATION', () => {
  it('holds every mark learner.md §5 lists, typographic quotes and dashes included', () => {
    for (const mark of '.,!?;:"\'“”‘’„‚‹›«»()[]{}¿¡-–—‒―…') {
      expect(LOOKUP_PUNCTUATION).toContain(mark);
    }
  });
});

describe('stripLookupPunctuation', () => {
  it('strips the punctuation around a word and trims it', () => {
    expect(stripLookupPunctuation('¡Hola!')).toBe('Hola');
    expect(stripLookupPunctuation('«gratuite»,')).toBe('gratuite');
    expect(stripLookupPunctuation('¿Qué?')).toBe('Qué');
    expect(stripLookupPunctuation('  (palabra)  ')).toBe('palabra');
    expect(stripLookupPunctuation('“Ja”…')).toBe('Ja');
    expect(stripLookupPunctuation('casa...')).toBe('casa');
    expect(stripLookupPunctuation('—dijo—')).toBe('dijo');
    expect(stripLookupPunctuation('[nota]{x}')).toBe('nota]{x');
    expect(stripLookupPunctuation('‹oui›;')).toBe('oui');
  });

  it('strips again after whitespace between the marks', () => {
    expect(stripLookupPunctuation(' ¡ « Hola » ! ')).toBe('Hola');
    expect(stripLookupPunctuation('\u00a0mundo\u200b.')).toBe('mundo');
  });

  it('keeps the apostrophes and dashes inside a word', () => {
    expect(stripLookupPunctuation("l'homme")).toBe("l'homme");
    expect(stripLookupPunctuation('bien-être,')).toBe('bien-être');
    expect(stripLookupPunctuation('«aujourd’hui»')).toBe('aujourd’hui');
    expect(stripLookupPunctuation('¿Y qué?')).toBe('Y qué');
  });

  it('strips the punctuation of the other scripts a learner reads', () => {
    expect(stripLookupPunctuation('「猫」。')).toBe('猫');
    expect(stripLookupPunctuation('كتاب؟')).toBe('كتاب');
    expect(stripLookupPunctuation('किताब।')).toBe('किताब');
  });

  it('leaves nothing of a word made only of punctuation', () => {
    expect(stripLookupPunctuation('...')).toBe('');
    expect(stripLookupPunctuation(' ¡¿—«»?! ')).toBe('');
    expect(stripLookupPunctuation('')).toBe('');
  });
});

describe('stripReadingAids', () => {
  it('writes a word as Wiktionary titles its entry, casing kept', () => {
    expect(stripReadingAids('Возни́кнуть', 'ru')).toBe('Возникнуть');
    expect(stripReadingAids('regō', 'la')).toBe('rego');
    expect(stripReadingAids('قَدَّمَ', 'ar')).toBe('قدم');
  });

  it('only normalises the text of other languages', () => {
    expect(stripReadingAids('habl\u006f\u0301', 'es')).toBe('habl\u00f3');
    expect(stripReadingAids('ᾰ̓γρός', 'de')).toBe('ᾰ̓γρός'.normalize('NFC'));
  });
});

describe('dictionaryKey', () => {
  it('lower-cases by the rules of the language', () => {
    expect(dictionaryKey('Hablar', 'es')).toBe('hablar');
    expect(dictionaryKey('İstanbul', 'tr')).toBe('istanbul');
    expect(dictionaryKey('IRMAK', 'tr')).toBe('ırmak');
    expect(dictionaryKey('STRASSE', 'de')).toBe('strasse');
    expect(dictionaryKey('Straße', 'de')).toBe('straße');
  });

  it('gives a decomposed and a composed spelling the same key', () => {
    expect(dictionaryKey('habl\u006f\u0301', 'es')).toBe(dictionaryKey('habl\u00f3', 'es'));
    expect(dictionaryKey('habl\u006f\u0301', 'es')).toBe('habl\u00f3');
  });

  it('keeps the accents that tell words apart', () => {
    expect(dictionaryKey('está', 'es')).not.toBe(dictionaryKey('esta', 'es'));
    expect(dictionaryKey('où', 'fr')).toBe('où');
  });

  it('folds the reading aids of Russian, Latin and Arabic into the unmarked word', () => {
    expect(dictionaryKey('Сне́га', 'ru')).toBe('снега');
    expect(dictionaryKey('возни́кнуть', 'ru')).toBe(dictionaryKey('возникнуть', 'ru'));
    expect(dictionaryKey('ёлка', 'ru')).toBe('ёлка');
    expect(dictionaryKey('йод', 'ru')).toBe('йод');
    expect(dictionaryKey('lēgī', 'la')).toBe('legi');
    expect(dictionaryKey('قَدَمَ', 'ar')).toBe('قدم');
    expect(dictionaryKey('أَكَلَ', 'ar')).toBe('أكل');
  });

  it('writes the apostrophe look-alikes ’ and ʼ as the ASCII apostrophe, whichever the stored word has', () => {
    expect(dictionaryKey('aujourd’hui', 'fr')).toBe("aujourd'hui");
    expect(dictionaryKey('Aujourdʼhui', 'fr')).toBe("aujourd'hui");
    expect(dictionaryKey("aujourd'hui", 'fr')).toBe("aujourd'hui");
    // Through the stress folding of Ukrainian and the special casing of Turkish as well.
    expect(dictionaryKey('пʼя́ть', 'uk')).toBe("п'ять");
    expect(dictionaryKey('п’ять', 'uk')).toBe(dictionaryKey("П'ять", 'uk'));
    expect(dictionaryKey('İstanbul’da', 'tr')).toBe("istanbul'da");
  });

  it('folds no other quote or letter', () => {
    expect(dictionaryKey('it‘s', 'en')).toBe('it‘s');
    // The ʻokina is a letter of Hawaiian, not an apostrophe.
    expect(dictionaryKey('Hawaiʻi', 'haw')).toBe('hawaiʻi');
  });

  it('keys ASCII text by its case alone, with the rules of the language', () => {
    expect(dictionaryKey("L'HOMME", 'fr')).toBe("l'homme");
    expect(dictionaryKey('KIZ', 'tr')).toBe('kız');
    expect(dictionaryKey('lego', 'la')).toBe('lego');
  });

  it('keys a word without the lookup punctuation at its ends, as a tap reaches it', () => {
    // Each stored spelling gets the key of the same word tapped: its punctuation is stripped before a lookup.
    for (const [stored, language] of [
      ['Jan.', 'en'],
      ['v.', 'de'],
      ['sei!', 'de'],
      ['-에서', 'ko'],
      ['겉-', 'ko'],
      ['-겠-', 'ko'],
      ['¡hola!', 'es'],
      ['«oui»', 'fr'],
    ] as const) {
      const tapped = normalizeLookup(stored, language);
      expect(dictionaryKey(stored, language), stored).toBe(tapped?.lower);
    }
    expect(dictionaryKey('Jan.', 'en')).toBe('jan');
    expect(dictionaryKey('-에서', 'ko')).toBe('에서');
    // Inside a word, punctuation is part of it.
    expect(dictionaryKey('bien-être', 'fr')).toBe('bien-être');
    expect(dictionaryKey('U.S.A.', 'en')).toBe('u.s.a');
  });

  it("keeps an elided word's final apostrophe in its key, as the lookup tries it", () => {
    expect(dictionaryKey("l'", 'fr')).toBe("l'");
    expect(dictionaryKey('dell’', 'it')).toBe("dell'");
    expect(dictionaryKey("'s", 'en')).toBe('s');
  });

  it('keeps the key of a word of punctuation only whole', () => {
    expect(dictionaryKey('!', 'en')).toBe('!');
    expect(dictionaryKey('...', 'en')).toBe('...');
  });

  it('does not fail on a malformed language code', () => {
    expect(dictionaryKey('Hola', 'not a language!')).toBe('hola');
  });
});

describe('normalizeLookup', () => {
  it('gives the stripped word with its casing and its key', () => {
    expect(normalizeLookup('¡Habló', 'es')).toEqual({ exact: 'Habló', lower: 'habló' });
    expect(normalizeLookup('«Gratuite»,', 'fr')).toEqual({ exact: 'Gratuite', lower: 'gratuite' });
  });

  it('lower-cases by the rules of the language', () => {
    expect(normalizeLookup('İzmir', 'tr')).toEqual({ exact: 'İzmir', lower: 'izmir' });
    expect(normalizeLookup('STRASSE,', 'de')).toEqual({ exact: 'STRASSE', lower: 'strasse' });
  });

  it('keeps a final period or exclamation mark as the spelling to prefer (Jan., sei!)', () => {
    expect(normalizeLookup('Jan.', 'en')).toEqual({ exact: 'Jan', lower: 'jan', marked: 'Jan.' });
    expect(normalizeLookup('„sei!“', 'de')).toEqual({ exact: 'sei', lower: 'sei', marked: 'sei!' });
    expect(normalizeLookup('¡Habló!', 'es')?.marked).toBe('Habló!');
    expect(normalizeLookup('casa,', 'es')?.marked).toBeUndefined();
  });

  it('answers in NFC whatever the input form', () => {
    const result = normalizeLookup('gratu\u0069\u0074e e\u0301te\u0301', 'fr');
    expect(result?.exact).toBe('gratuite \u00e9t\u00e9');
    expect(result?.exact.normalize('NFC')).toBe(result?.exact);
  });

  it('finds a word typed with one apostrophe under the key of the other', () => {
    expect(normalizeLookup('«Aujourd’hui»', 'fr')).toEqual({ exact: 'Aujourd’hui', lower: "aujourd'hui" });
    expect(normalizeLookup("aujourd'hui,", 'fr')).toEqual({ exact: "aujourd'hui", lower: "aujourd'hui" });
    expect(normalizeLookup('dʼaccord', 'fr')?.lower).toBe("d'accord");
  });

  it('keeps an elided word with its apostrophe as a first choice', () => {
    expect(normalizeLookup('L’', 'fr')).toEqual({
      exact: 'L',
      lower: 'l',
      elided: { exact: 'L’', lower: "l'" },
    });
    expect(normalizeLookup("«qu'", 'fr')?.elided).toEqual({ exact: "qu'", lower: "qu'" });
    expect(normalizeLookup('dell’', 'it')?.elided?.lower).toBe("dell'");
    // An apostrophe inside the word, or none after it, is no elision.
    expect(normalizeLookup('aujourd’hui', 'fr')?.elided).toBeUndefined();
    expect(normalizeLookup('«l»', 'fr')?.elided).toBeUndefined();
  });

  it('answers undefined when nothing is left', () => {
    expect(normalizeLookup('', 'es')).toBeUndefined();
    expect(normalizeLookup('  ', 'es')).toBeUndefined();
    expect(normalizeLookup('¡…!', 'es')).toBeUndefined();
  });

  it('refuses a word longer than the limit', () => {
    expect(normalizeLookup('a'.repeat(MAX_LOOKUP_WORD_LENGTH), 'es')?.exact).toHaveLength(100);
    expect(normalizeLookup(`«${'a'.repeat(MAX_LOOKUP_WORD_LENGTH)}»`, 'es')).toBeDefined();
    expect(normalizeLookup('a'.repeat(MAX_LOOKUP_WORD_LENGTH + 1), 'es')).toBeUndefined();
    expect(normalizeLookup('palabra '.repeat(100_000), 'es')).toBeUndefined();
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(normalizeLookup('𠀀'.repeat(MAX_LOOKUP_WORD_LENGTH), 'zh')).toBeDefined();
  });
});
