import { describe, expect, it } from 'vitest';
import { furigana } from './furigana.ts';

describe('furigana', () => {
  it('sets the reading above the kanji alone, leaving the kana of the inflection bare', () => {
    expect(furigana('食べました', 'たべました')).toEqual([{ text: '食', ruby: 'た' }, { text: 'べました' }]);
    expect(furigana('楽しかった', 'たのしかった')).toEqual([
      { text: '楽', ruby: 'たの' },
      { text: 'しかった' },
    ]);
  });

  it('reads a compound of kanji as one run, and runs of kanji between kana each with their own', () => {
    expect(furigana('図書館', 'としょかん')).toEqual([{ text: '図書館', ruby: 'としょかん' }]);
    expect(furigana('読み込む', 'よみこむ')).toEqual([
      { text: '読', ruby: 'よ' },
      { text: 'み' },
      { text: '込', ruby: 'こ' },
      { text: 'む' },
    ]);
    expect(furigana('お茶', 'おちゃ')).toEqual([{ text: 'お' }, { text: '茶', ruby: 'ちゃ' }]);
    expect(furigana('時々', 'ときどき')).toEqual([{ text: '時々', ruby: 'ときどき' }]);
  });

  it('needs no ruby for kana and katakana, and matches katakana in a word against its hiragana reading', () => {
    expect(furigana('ねこ', 'ねこ')).toEqual([{ text: 'ねこ' }]);
    expect(furigana('パン', 'ぱん')).toEqual([{ text: 'パン' }]);
    expect(furigana('ボール遊び', 'ぼーるあそび')).toEqual([
      { text: 'ボール' },
      { text: '遊', ruby: 'あそ' },
      { text: 'び' },
    ]);
  });

  it('puts a reading the kana do not frame above the whole word, and none when there is no reading', () => {
    expect(furigana('今日は', 'きょうわ')).toEqual([{ text: '今日は', ruby: 'きょうわ' }]);
    expect(furigana('猫', undefined)).toEqual([{ text: '猫' }]);
  });
});
