import { describe, expect, it } from 'vitest';
import { furigana, pinyinParts, readingParts } from './readings.ts';

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

describe('pinyinParts', () => {
  it('sets each syllable above its character', () => {
    expect(pinyinParts('图书馆', 'tú shū guǎn')).toEqual([
      { text: '图', ruby: 'tú' },
      { text: '书', ruby: 'shū' },
      { text: '馆', ruby: 'guǎn' },
    ]);
    expect(pinyinParts('我', 'wǒ')).toEqual([{ text: '我', ruby: 'wǒ' }]);
  });

  it('gives characters that are not hanzi no syllable', () => {
    expect(pinyinParts('3个', 'gè')).toEqual([{ text: '3' }, { text: '个', ruby: 'gè' }]);
  });

  it('puts a reading that does not count out above the whole word, and none without a reading', () => {
    expect(pinyinParts('图书馆', 'túshūguǎn')).toEqual([{ text: '图书馆', ruby: 'túshūguǎn' }]);
    expect(pinyinParts('猫', undefined)).toEqual([{ text: '猫' }]);
    expect(pinyinParts('OK', 'ok')).toEqual([{ text: 'OK' }]);
  });
});

describe('readingParts', () => {
  it('reads Japanese as furigana, Chinese as pinyin, and sets nothing above other languages', () => {
    expect(readingParts('ja', '食べる', 'たべる')).toEqual([{ text: '食', ruby: 'た' }, { text: 'べる' }]);
    expect(readingParts('zh', '你好', 'nǐ hǎo')).toEqual([
      { text: '你', ruby: 'nǐ' },
      { text: '好', ruby: 'hǎo' },
    ]);
    expect(readingParts('ko', '학교', 'hakgyo')).toEqual([{ text: '학교' }]);
  });
});
