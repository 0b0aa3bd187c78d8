import { describe, expect, it } from 'vitest';
import { chapterHtml, sentenceAround, splitWords, wordText } from './text.ts';

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

describe("chapterHtml with the server's words (issue 21)", () => {
  const words = [
    { text: '私', reading: 'わたし' },
    { text: 'は' },
    { text: '食べました', lemma: '食べる', reading: 'たべました' },
    { text: 'とても' },
    { text: '楽しかった', lemma: '楽しい', reading: 'たのしかった' },
  ];

  it("wraps the server's words, with their dictionary form and reading, across paragraphs and tags", () => {
    const html = chapterHtml('<p>私は<em>食べました</em>。</p><p>とても楽しかった！</p>', 'ja', words);

    expect(html).toBe(
      '<p><span data-w data-r="わたし">私</span><span data-w>は</span>' +
        '<em><span data-w data-l="食べる" data-r="たべました">食べました</span></em>。</p>' +
        '<p><span data-w>とても</span><span data-w data-l="楽しい" data-r="たのしかった">楽しかった</span>！</p>',
    );
  });

  it("cuts with the browser what the server's words do not cover, and shows the whole text", () => {
    const html = chapterHtml('私は猫を見た。', 'ja', [{ text: '私' }, { text: 'は' }]);
    const container = document.createElement('div');
    container.innerHTML = html;

    expect(container.textContent).toBe('私は猫を見た。');
    expect(html.startsWith('<p><span data-w>私</span><span data-w>は</span>')).toBe(true);
    expect(container.querySelectorAll('[data-w]').length).toBeGreaterThan(2);
  });

  it('escapes what it puts in an attribute', () => {
    expect(chapterHtml('猫', 'ja', [{ text: '猫', lemma: '"><b>' }])).toBe(
      '<p><span data-w data-l="&quot;&gt;&lt;b&gt;">猫</span></p>',
    );
  });
});

describe('chapterHtml with readings shown (issue 21)', () => {
  it('sets furigana above the kanji of Japanese words, and nothing above kana', () => {
    const html = chapterHtml(
      '私は食べました。',
      'ja',
      [
        { text: '私', reading: 'わたし' },
        { text: 'は' },
        { text: '食べました', lemma: '食べる', reading: 'たべました', part_of_speech: 'verb (ichidan)' },
      ],
      { showReadings: true },
    );

    expect(html).toBe(
      '<p><span data-w data-r="わたし"><ruby>私<rt>わたし</rt></ruby></span><span data-w>は</span>' +
        '<span data-w data-l="食べる" data-r="たべました" data-p="verb (ichidan)">' +
        '<ruby>食<rt>た</rt></ruby>べました</span>。</p>',
    );
  });

  it('sets pinyin above each hanzi of a Chinese word', () => {
    const html = chapterHtml('图书馆', 'zh', [{ text: '图书馆', reading: 'tú shū guǎn' }], {
      showReadings: true,
    });

    expect(html).toBe(
      '<p><span data-w data-r="tú shū guǎn"><ruby>图<rt>tú</rt></ruby><ruby>书<rt>shū</rt></ruby>' +
        '<ruby>馆<rt>guǎn</rt></ruby></span></p>',
    );
  });

  it('gives back the word as written, without its readings', () => {
    const container = document.createElement('div');
    container.innerHTML = chapterHtml('食べました', 'ja', [{ text: '食べました', reading: 'たべました' }], {
      showReadings: true,
    });
    const span = container.querySelector('[data-w]') as Element;

    expect(span.textContent).toBe('食たべました');
    expect(wordText(span)).toBe('食べました');
  });
});

describe('words the author marked (issue 21)', () => {
  it('keeps a marked word whole in a language cut by the browser', () => {
    const html = chapterHtml('<p>Vivo en <span data-w>Buenos Aires</span>.</p>', 'es');

    expect(html).toBe(
      '<p><span data-w>Vivo</span> <span data-w>en</span> <span data-w>Buenos Aires</span>.</p>',
    );
  });

  it("takes the server's word for a marked word, and the author's dictionary form and reading before it", () => {
    const html = chapterHtml('<p><span data-w data-l="食べさせる">食べさせられた</span>よ</p>', 'ja', [
      { text: '食べさせられた', lemma: '食べる', reading: 'たべさせられた' },
      { text: 'よ' },
    ]);

    expect(html).toBe(
      '<p><span data-w data-l="食べさせる" data-r="たべさせられた">食べさせられた</span><span data-w>よ</span></p>',
    );
  });
});

describe("marked words read as the server reads them (server/analysis/markup.ts's sentences)", () => {
  const ITTA = { text: '行きました', lemma: '行く', reading: 'いきました' };
  const spans = (html: string) => {
    const container = document.createElement('div');
    container.innerHTML = html;
    return [...container.querySelectorAll('[data-w]')].map((span) =>
      span.getAttribute('data-l') ? `${span.textContent}=${span.getAttribute('data-l')}` : span.textContent,
    );
  };

  it('trims a marked word, its spaces left between the words, and matches every word after it', () => {
    const html = chapterHtml('<p><span data-w> 東京 </span>へ行きました。</p>', 'ja', [
      { text: '東京' },
      { text: 'へ' },
      ITTA,
    ]);

    expect(html.startsWith('<p> <span data-w>東京</span> ')).toBe(true);
    expect(spans(html)).toEqual(['東京', 'へ', '行きました=行く']);
  });

  it("takes a marked span's whole text, nested spans and all", () => {
    const html = chapterHtml('<p><span data-w>東<span>京</span>都</span>へ行きました。</p>', 'ja', [
      { text: '東京都' },
      { text: 'へ' },
      ITTA,
    ]);

    expect(spans(html)).toEqual(['東京都', 'へ', '行きました=行く']);
  });

  it('steps over a word the text does not have, and finds the rest', () => {
    const html = chapterHtml('<p>東京へ行きました。</p>', 'ja', [
      { text: '東京' },
      { text: 'amp' },
      { text: 'へ' },
      ITTA,
    ]);

    expect(spans(html)).toEqual(['東京', 'へ', '行きました=行く']);
  });

  it('moves past the words the server made of a marked word it cut', () => {
    const html = chapterHtml('<p><span data-w>東京都</span>へ行きました。</p>', 'ja', [
      { text: '東京' },
      { text: '都' },
      { text: 'へ' },
      ITTA,
    ]);

    expect(spans(html)).toEqual(['東京都', 'へ', '行きました=行く']);
  });
});

describe('sentenceAround (issue 22)', () => {
  const spanOf = (html: string, word: string) => {
    const container = document.createElement('div');
    container.innerHTML = html;
    return [...container.querySelectorAll('[data-w]')].find((span) => wordText(span) === word) as Element;
  };

  it('gives the sentence of the paragraph the word is in', () => {
    const html = chapterHtml(
      'La niña camina.  Su amigo habló con el mar. Luego se fue.\n\nOtro párrafo.',
      'es',
    );

    expect(sentenceAround(spanOf(html, 'habló'), 'es')).toBe('Su amigo habló con el mar.');
    expect(sentenceAround(spanOf(html, 'párrafo'), 'es')).toBe('Otro párrafo.');
  });

  it('leaves out the readings above the words', () => {
    const html = chapterHtml(
      '私は本を読みました。猫が来た。',
      'ja',
      [
        { text: '私', reading: 'わたし' },
        { text: 'は' },
        { text: '本', reading: 'ほん' },
        { text: 'を' },
        { text: '読みました', lemma: '読む', reading: 'よみました' },
      ],
      { showReadings: true },
    );

    expect(sentenceAround(spanOf(html, '読みました'), 'ja')).toBe('私は本を読みました。');
  });

  it('cuts a sentence too long to keep to a window around the word', () => {
    const long = `${'palabra '.repeat(150)}faro ${'otra '.repeat(150)}.`;
    const sentence = sentenceAround(spanOf(chapterHtml(long, 'es'), 'faro'), 'es') ?? '';

    expect([...sentence].length).toBeLessThanOrEqual(500);
    expect(sentence).toContain('faro');
  });
});

// The server names read-along's sentences by word index (server/analysis/sentences.unit.test.ts, decision 077):
// the reader must show the same words, in the same order, for the same chapters.
describe("the reader's words, as read-along's sentences count them (issue 23)", () => {
  const spans = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = html;
    return [...host.querySelectorAll('[data-w]')].map((span) => wordText(span));
  };

  it('shows the words the server counts in an HTML chapter with a marked word and line breaks', () => {
    const content =
      '<p>Llegó a <span data-w data-l="Buenos Aires">Buenos Aires</span> de noche. ¿Quién lo esperaba?</p>' +
      '<p>Nadie<br>Nunca.</p>';
    expect(spans(chapterHtml(content, 'es'))).toEqual([
      'Llegó',
      'a',
      'Buenos Aires',
      'de',
      'noche',
      'Quién',
      'lo',
      'esperaba',
      'Nadie',
      'Nunca',
    ]);
  });

  it("shows a Japanese chapter's stored words", () => {
    const words = ['彼', 'は', '食べさせられた', '明日', '来る'].map((text) => ({ text }));
    expect(spans(chapterHtml('<p>彼は食べさせられた。明日来る。</p>', 'ja', words))).toEqual([
      '彼',
      'は',
      '食べさせられた',
      '明日',
      '来る',
    ]);
  });
});
