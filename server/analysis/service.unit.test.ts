import { describe, expect, it } from 'vitest';
import { ANALYSED_LANGUAGE_CODES } from '#common/stories.ts';
import { ANALYSED_LANGUAGES, analyseChapter, chapterPlainText } from './service.ts';

describe('chapterPlainText', () => {
  it('keeps plain text as it is', () => {
    expect(chapterPlainText('猫が好き。\n\n犬も。')).toBe('猫が好き。\n\n犬も。');
  });

  it('turns paragraphs and breaks into line breaks, drops tags and decodes entities', () => {
    expect(
      chapterPlainText('<p>犬と&amp;猫を<br>見た。</p><p><em>&lt;本&gt;</em>&#x732B;&#29483;&nbsp;</p>'),
    ).toBe('犬と&猫を\n見た。\n<本>猫猫\u00a0\n');
  });

  it('leaves an entity it does not know as written', () => {
    // As a browser reads them: an unknown name as written, a null reference as U+FFFD.
    expect(chapterPlainText('<p>&bogus; &#0;</p>')).toBe('&bogus; \ufffd\n');
  });
});

describe('analyseChapter', () => {
  it('keeps the words of an analysed language, with what differs from the text', () => {
    expect(ANALYSED_LANGUAGES).toContain('ja');
    expect(analyseChapter('<p>本を読みました。</p>', 'ja')).toEqual([
      { t: '本', r: 'ほん', p: 'noun' },
      { t: 'を', p: 'particle' },
      { t: '読みました', l: '読む', r: 'よみました', p: 'verb (godan)' },
    ]);
  });

  it('keeps the words of a Chinese chapter with their pinyin', () => {
    expect(ANALYSED_LANGUAGES).toContain('zh');
    expect(analyseChapter('<p>我很喜欢图书馆。</p>', 'zh')).toEqual([
      { t: '我', r: 'wǒ' },
      { t: '很', r: 'hěn' },
      { t: '喜欢', r: 'xǐ huan' },
      { t: '图书馆', r: 'tú shū guǎn' },
    ]);
  });

  it('keeps a word the author marked whole, with its own dictionary form and reading', () => {
    const words = analyseChapter(
      '<p>昨日<span data-w data-l="食べさせる" data-r="たべさせられた">食べさせられた</span>。' +
        '<span class="x" data-w>東京&amp;大阪</span>へ行きました。</p>',
      'ja',
    );

    expect(words?.map((word) => word.t)).toEqual(['昨日', '食べさせられた', '東京&大阪', 'へ', '行きました']);
    expect(words?.[1]).toEqual({ t: '食べさせられた', l: '食べさせる', r: 'たべさせられた' });
    expect(words?.[2]).toEqual({ t: '東京&大阪' });
  });

  it('reads a marked word as the reader does: its outer span whole, trimmed, entities decoded around it', () => {
    const texts = (content: string) => analyseChapter(content, 'ja')?.map((word) => word.t);

    expect(texts('<p><span data-w> 東京 </span>へ行きました。</p>')).toEqual(['東京', 'へ', '行きました']);
    expect(texts('<p><span data-w>東<span>京</span>都</span>へ行きました。</p>')).toEqual([
      '東京都',
      'へ',
      '行きました',
    ]);
    expect(texts('<p><span data-w>東京</span>&amp;<span data-w>大阪</span>へ行きました。</p>')).toEqual([
      '東京',
      '大阪',
      'へ',
      '行きました',
    ]);
    expect(texts('<p><span data-x=" data-w ">本を</span>読む</p>')).toEqual(['本', 'を', '読む']);
  });

  it('leaves a span without data-w to the analyser', () => {
    expect(analyseChapter('<p><span data-word="x">本を</span>読む</p>', 'ja')?.map((word) => word.t)).toEqual(
      ['本', 'を', '読む'],
    );
  });

  it('is run for the languages the web app asks the server to count (common/stories.ts)', () => {
    expect([...ANALYSED_LANGUAGES].sort()).toEqual([...ANALYSED_LANGUAGE_CODES].sort());
  });

  it('answers null for a language the reader cuts itself', () => {
    expect(ANALYSED_LANGUAGES).not.toContain('es');
    expect(analyseChapter('<p>Había una vez.</p>', 'es')).toBeNull();
  });
});
