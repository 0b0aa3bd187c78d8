// Chinese words as a learner taps them (issue 21), on sentences written for these tests in the style of a
// graded reader. Where jieba's dictionary decides something a learner could see either way, the test says so.
import { describe, expect, it, vi } from 'vitest';
import { type ChineseWord, chineseWords, phraseEntries } from './chinese.ts';

/** The pieces as "word:pinyin", "word:pinyin:lemma", and "(what lies between words)". */
function pieces(text: string): string[] {
  return chineseWords(text).map((piece) => {
    if (!piece.isWord) return `(${piece.text})`;
    return [piece.text, piece.pinyin, piece.lemma].filter((part) => part !== undefined).join(':');
  });
}

/** The words only, as a learner taps them. */
function words(text: string): string[] {
  return chineseWords(text)
    .filter((piece) => piece.isWord)
    .map((piece) => piece.text);
}

/** The pinyin of each word, for sentences where the reading is the point. */
function readings(text: string): Record<string, string | undefined> {
  const found: Record<string, string | undefined> = {};
  for (const piece of chineseWords(text).filter((word) => word.isWord)) found[piece.text] = piece.pinyin;
  return found;
}

describe('loading', () => {
  it('loads jieba, its dictionary and pinyin-pro on the first Chinese text only', async () => {
    vi.resetModules();
    const fresh = await import('./chinese.ts');
    const script = await import('./chinese-script.ts');
    expect(fresh.chineseAnalyserLoaded()).toBe(false);
    expect(fresh.chineseWords('')).toEqual([]);
    expect(fresh.chineseWords('Chapter 1: 42!')).toEqual([{ text: 'Chapter 1: 42!', isWord: false }]);
    expect(fresh.chineseAnalyserLoaded()).toBe(false);
    expect(script.chineseScriptLoaded()).toBe(false);

    expect(fresh.chineseWords('你好。')).toEqual([
      { text: '你好', isWord: true, pinyin: 'nǐ hǎo' },
      { text: '。', isWord: false },
    ]);
    expect(fresh.chineseAnalyserLoaded()).toBe(true);
  });
});

describe('the words a learner taps', () => {
  it('keeps 图书馆 whole and reads 很 | 喜欢 as two words, with punctuation kept as no word', () => {
    // 看书 is one word in jieba's dictionary (and an entry in Wiktionary): accepted.
    expect(pieces('我很喜欢去图书馆看书。')).toEqual([
      '我:wǒ',
      '很:hěn',
      '喜欢:xǐ huan',
      '去:qù',
      '图书馆:tú shū guǎn',
      '看书:kàn shū',
      '(。)',
    ]);
  });

  it('cuts everyday sentences into dictionary words', () => {
    expect(words('他在银行工作，每天走路去银行。')).toEqual([
      '他',
      '在',
      '银行',
      '工作',
      '每天',
      '走路',
      '去',
      '银行',
    ]);
    expect(words('我们一起听音乐，很快乐。')).toEqual(['我们', '一起', '听', '音乐', '很', '快乐']);
    expect(words('小猫在桌子上睡觉了。')).toEqual(['小猫', '在', '桌子', '上', '睡觉', '了']);
    // jieba holds a numeral with its measure word as one word (一本, 一个), as Du Chinese shows them: accepted.
    expect(words('地上有一本书。')).toEqual(['地上', '有', '一本', '书']);
  });

  it('reads a degree adverb and the adjective or verb after it as two words', () => {
    // jieba's dictionary holds 很漂亮, 太贵, 非常感谢, 挺好吃 and 比较忙 as words; no dictionary does.
    expect(words('她长得很漂亮。')).toEqual(['她', '长', '得', '很', '漂亮']);
    expect(words('这件衣服太贵了。')).toEqual(['这件', '衣服', '太', '贵', '了']);
    expect(words('非常感谢你！')).toEqual(['非常', '感谢', '你']);
    expect(words('这个苹果挺好吃的。')).toEqual(['这个', '苹果', '挺', '好吃', '的']);
    expect(words('他比较忙，他跑得很快。')).toEqual(['他', '比较', '忙', '他', '跑', '得', '很', '快']);
    // 很多 stays a word: 多 is no adjective to jieba, and dictionaries list 很多 ("many").
    expect(words('公园里有很多花。')).toEqual(['公园', '里', '有', '很多', '花']);
  });

  it('keeps the grammar graded readers teach apart', () => {
    expect(words('他把门打开了。')).toEqual(['他', '把', '门', '打开', '了']);
    expect(words('我觉得这本书很有意思。')).toEqual(['我', '觉得', '这', '本', '书', '很', '有意思']);
    expect(words('今天天气很好。')).toEqual(['今天', '天气', '很', '好']);
    expect(words('晚上，他上床睡觉了。')).toEqual(['晚上', '他', '上床', '睡觉', '了']);
  });

  it('gives the text back exactly: quotes, colons, line breaks and spaces lie between the words', () => {
    const chapter = '第一章\n\n  妈妈说：“你要早点睡觉。”\r\n他说：“好！”\t';
    const found = chineseWords(chapter);
    expect(found.map((piece) => piece.text).join('')).toBe(chapter);
    expect(found.every((piece) => piece.text !== '')).toBe(true);
    expect(pieces(chapter)).toEqual([
      '第一章:dì yī zhāng',
      '(\n\n  )',
      '妈妈:mā ma',
      '说:shuō',
      '(：“)',
      '你:nǐ',
      '要:yào',
      '早点:zǎo diǎn',
      '睡觉:shuì jiào',
      '(。”\r\n)',
      '他:tā',
      '说:shuō',
      '(：“)',
      '好:hǎo',
      '(！”\t)',
    ]);
  });

  it('leaves digits and Latin letters as no words, and reads Chinese numerals', () => {
    expect(pieces('我有3个iPhone。')).toEqual(['我:wǒ', '有:yǒu', '(3)', '个:gè', '(iPhone。)']);
    expect(pieces('我有三个苹果。')).toEqual(['我:wǒ', '有:yǒu', '三个:sān gè', '苹果:píng guǒ', '(。)']);
    expect(pieces('我有３个ｉＰｈｏｎｅ。')).toEqual([
      '我:wǒ',
      '有:yǒu',
      '(３)',
      '个:gè',
      '(ｉＰｈｏｎｅ。)',
    ]);
  });

  it('answers nothing for an empty text', () => {
    expect(chineseWords('')).toEqual([]);
  });

  it('keeps a character pinyin-pro does not know as a word without pinyin', () => {
    expect(chineseWords('𠀀好')).toEqual<ChineseWord[]>([
      { text: '𠀀', isWord: true },
      { text: '好', isWord: true, pinyin: 'hǎo' },
    ]);
  });
});

describe('traditional script', () => {
  it('cuts traditional text through its simplified form and keeps the characters the author wrote', () => {
    // jieba's dictionary barely knows traditional forms: on its own it cuts 圖 | 書 | 館 and 讀 | 書.
    expect(pieces('他們在圖書館讀書。')).toEqual([
      '他們:tā men:他们',
      '在:zài',
      '圖書館:tú shū guǎn:图书馆',
      '讀書:dú shū:读书',
      '(。)',
    ]);
    expect(pieces('學校裡有很多學生。')).toEqual([
      '學校:xué xiào:学校',
      '裡:lǐ:里',
      '有:yǒu',
      '很多:hěn duō',
      '學生:xué shēng:学生',
      '(。)',
    ]);
  });

  it('reads traditional words as their simplified form is read', () => {
    // pinyin-pro knows 銀行 as two characters only, and reads it yín xíng.
    expect(readings('他在銀行工作。')).toMatchObject({ 銀行: 'yín háng' });
    expect(readings('她長得很漂亮。')).toMatchObject({ 長: 'zhǎng', 得: 'de', 漂亮: 'piào liang' });
  });

  it('relies on OpenCC converting character for character, checked on its own tables', async () => {
    const { createRequire } = await import('node:module');
    const opencc = createRequire(import.meta.url)('opencc-js/t2cn') as {
      Locale: { from: Record<string, unknown[][]>; to: Record<string, unknown[][]> };
    };
    const groups = [...(opencc.Locale.from.tw ?? []), ...(opencc.Locale.to.cn ?? [])];
    const entries = groups
      .flat()
      .flatMap((table) =>
        typeof table === 'string' ? table.split('|').map((entry) => entry.split(' ')) : (table as string[][]),
      );
    expect(entries.length).toBeGreaterThan(1000);
    const uneven = entries.filter(([from = '', ...to]) =>
      to.some((target) => Array.from(target).length !== Array.from(from).length),
    );
    expect(uneven).toEqual([]);
  });
});

describe('pinyin', () => {
  it('reads polyphones by the word they are in', () => {
    expect(readings('他在银行工作。')).toMatchObject({ 银行: 'yín háng' });
    expect(readings('我们行走在小路上。')).toMatchObject({ 行走: 'xíng zǒu', 路上: 'lù shang' });
    expect(readings('我们一起听音乐，很快乐。')).toMatchObject({ 音乐: 'yīn yuè', 快乐: 'kuài lè' });
    expect(readings('我想睡觉，我觉得很累。')).toMatchObject({ 睡觉: 'shuì jiào', 觉得: 'jué de' });
  });

  it('gives neutral tones as pinyin-pro has them', () => {
    // Dictionaries write 朋友 péng you; pinyin-pro keeps the second syllable's tone: accepted.
    expect(pieces('我的朋友是老师吗？')).toEqual([
      '我:wǒ',
      '的:de',
      '朋友:péng yǒu',
      '是:shì',
      '老师:lǎo shī',
      '吗:ma',
      '(？)',
    ]);
    expect(readings('这个苹果很好吃。')).toMatchObject({ 这个: 'zhè ge' });
  });

  it('reads 了 after a verb le, where pinyin-pro alone reads it liǎo', () => {
    expect(readings('他走了。')).toMatchObject({ 走: 'zǒu', 了: 'le' });
    expect(readings('我们忘了！')).toMatchObject({ 了: 'le' });
    expect(readings('我了解他。')).toMatchObject({ 了解: 'liǎo jiě' });
  });

  it('changes the tone of 不 and 一 by the syllable that follows, across words', () => {
    expect(readings('我不去。')).toMatchObject({ 不: 'bú', 去: 'qù' });
    expect(readings('我不喝。')).toMatchObject({ 不: 'bù' });
    expect(readings('我们一起去，我有一个朋友。')).toMatchObject({ 一起: 'yì qǐ', 一个: 'yí gè' });
  });

  it('reads 得 and 地 by the words around them', () => {
    expect(readings('他跑得很快。')).toMatchObject({ 跑: 'pǎo', 得: 'de' });
    expect(readings('她长得很漂亮。')).toMatchObject({ 长: 'zhǎng', 得: 'de' });
    expect(readings('他觉得今天过得很开心。')).toMatchObject({ 得: 'de' });
    expect(readings('你得去。')).toMatchObject({ 得: 'děi' });
    expect(readings('我得了第一名。')).toMatchObject({ 得: 'dé' });
    expect(readings('他慢慢地走。')).toMatchObject({ 慢慢: 'màn màn', 地: 'de' });
    expect(readings('他很高兴地说。')).toMatchObject({ 地: 'de' });
    expect(readings('地上有一本书。')).toMatchObject({ 地上: 'dì shàng' });
  });
});

describe('the dictionary entries a reader sees as several words', () => {
  const dictionary = [
    '很 69103 zg',
    '很大 8348 a',
    '很漂亮 3 n',
    '很多 12687 m',
    '太 24899 d',
    '太贵 17 nr',
    '太阳 5044 ns',
    '太小 381 n',
    '最 1000 d',
    '最大 16299 a',
    '大 100000 a',
    '贵 5000 a',
    '漂亮 1921 a',
    '小 50000 a',
    '多 60000 m',
    '阳 1000 ng',
    '',
  ].join('\n');

  it('drops 很 with an adjective or verb always, other adverbs only in rare entries, and the grammar traps', () => {
    const dropped = phraseEntries(dictionary);
    expect(dropped).toEqual(expect.arrayContaining(['很大', '很漂亮', '太贵', '把门', '本书', '今天天气']));
    // 很多: 多 is a numeral to jieba; 太阳: 阳 no adjective; 太小 and 最大: counted too often to be stray phrases.
    for (const kept of ['很', '很多', '太', '太阳', '太小', '最大']) expect(dropped).not.toContain(kept);
  });
});
