import { describe, expect, it } from 'vitest';
import { chapterHtml, splitWords } from './text.ts';

const words = (text: string, language: string) =>
  splitWords(text, language)
    .filter((piece) => piece.word)
    .map((piece) => piece.text);

describe('splitWords', () => {
  it('finds the words of Spanish, leaving the punctuation between them', () => {
    expect(words('¿Dónde está el mar? ¡Allí, detrás de la casa!', 'es')).toEqual([
      'Dónde',
      'está',
      'el',
      'mar',
      'Allí',
      'detrás',
      'de',
      'la',
      'casa',
    ]);
    // Nothing is lost: the pieces put together are the text.
    const text = '«Habló», dijo ella… y se fue.';
    expect(
      splitWords(text, 'es')
        .map((piece) => piece.text)
        .join(''),
    ).toBe(text);
  });

  it('splits Japanese and Chinese, written without spaces, into words', () => {
    const japanese = words('私は毎朝パンを食べます。', 'ja');
    expect(japanese.length).toBeGreaterThanOrEqual(5);
    expect(japanese.join('')).toBe('私は毎朝パンを食べます');
    expect(japanese).toContain('パン');

    const chinese = words('我每天早上喝咖啡。', 'zh');
    expect(chinese.length).toBeGreaterThanOrEqual(4);
    expect(chinese).toContain('咖啡');
  });

  it('splits Arabic on its words, with its own punctuation outside them', () => {
    expect(words('ذهب الولد إلى المدرسة، ثم عاد.', 'ar')).toEqual([
      'ذهب',
      'الولد',
      'إلى',
      'المدرسة',
      'ثم',
      'عاد',
    ]);
  });

  it('parts French and Italian elisions from their word, and keeps words with an apostrophe of their own', () => {
    expect(words("L'homme qu'il voit aujourd'hui", 'fr')).toEqual([
      "L'",
      'homme',
      "qu'",
      'il',
      'voit',
      "aujourd'hui",
    ]);
    expect(words('l’école', 'fr')).toEqual(['l’', 'école']);
    expect(words("dell'acqua", 'it')).toEqual(["dell'", 'acqua']);
    expect(words("rock'n'roll", 'en')).toEqual(["rock'n'roll"]);
  });
});

describe('chapterHtml', () => {
  it('makes paragraphs of plain text on blank lines, and a break of a single line break', () => {
    const html = chapterHtml('Hola, Ana.\nAdiós.\n\n  \n\nOtra vez.\r\n', 'es');

    expect(html).toBe(
      '<p><span data-w>Hola</span>, <span data-w>Ana</span>.<br><span data-w>Adiós</span>.</p>' +
        '<p><span data-w>Otra</span> <span data-w>vez</span>.</p>',
    );
  });

  it('escapes text that looks like markup in plain text', () => {
    expect(chapterHtml('a < b & "c"', 'en')).toBe(
      '<p><span data-w>a</span> &lt; <span data-w>b</span> &amp; &quot;<span data-w>c</span>&quot;</p>',
    );
  });

  it('keeps the allowed tags of HTML content without their attributes, and drops anything else', () => {
    const html = chapterHtml(
      '<p class="x" onclick="alert(1)">El <em>gato</em> <a href="javascript:alert(1)">negro</a>.</p>' +
        '<script>alert(1)</script><p><span data-lemma="ir">Fue</span><br><img src=x onerror=alert(1)></p>',
      'es',
    );

    expect(html).toBe(
      '<p><span data-w>El</span> <em><span data-w>gato</span></em> <span data-w>negro</span>.</p>' +
        '<p><span><span data-w>Fue</span></span><br></p>',
    );
  });
});
