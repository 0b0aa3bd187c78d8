// Japanese sentences written for these tests, as a graded reader has them, with the words a learner should be
// able to tap: the real analyser (Lindera with IPADIC) and our grouping of its morphemes.
import { describe, expect, it } from 'vitest';
import { groupMorphemes, isJapaneseLoaded, japaneseWords, partOfSpeechName, toHiragana } from './japanese.ts';

/** The words of a text as "text=lemma/reading", and the pieces between them as they are. */
function words(text: string): string[] {
  return japaneseWords(text).map((piece) =>
    piece.isWord ? `${piece.text}=${piece.lemma}/${piece.reading}` : piece.text,
  );
}

describe('japaneseWords', () => {
  it('loads its dictionary only when first asked', () => {
    expect(isJapaneseLoaded()).toBe(false);
    expect(japaneseWords('')).toEqual([]);
    expect(isJapaneseLoaded()).toBe(false);
    japaneseWords('猫');
    expect(isJapaneseLoaded()).toBe(true);
  });

  it('keeps a polite past verb whole, with its dictionary form', () => {
    expect(words('私は昨日パンを食べました。')).toEqual([
      '私=私/わたし',
      'は=は/は',
      '昨日=昨日/きのう',
      'パン=パン/ぱん',
      'を=を/を',
      '食べました=食べる/たべました',
      '。',
    ]);
  });

  it('keeps a past adjective whole, and the copula apart', () => {
    expect(words('とても楽しかったです。')).toEqual([
      'とても=とても/とても',
      '楽しかった=楽しい/たのしかった',
      'です=です/です',
      '。',
    ]);
  });

  it('joins the te-form and what follows it to the verb', () => {
    expect(words('彼は走って学校に行った。')).toEqual([
      '彼=彼/かれ',
      'は=は/は',
      '走って=走る/はしって',
      '学校=学校/がっこう',
      'に=に/に',
      '行った=行く/いった',
      '。',
    ]);
    expect(words('図書館で本を読んでいます。')).toContain('読んでいます=読む/よんでいます');
    expect(words('ケーキを全部食べてしまった。')).toContain('食べてしまった=食べる/たべてしまった');
  });

  it('joins negatives, wishes, passives and conditionals to their verb, and leaves the next verb alone', () => {
    expect(words('まだ食べたくない。')).toContain('食べたくない=食べる/たべたくない');
    expect(words('先生に見られる。')).toContain('見られる=見る/みられる');
    expect(words('田中さんはお茶を飲みません。')).toEqual([
      '田中さん=田中/たなかさん',
      'は=は/は',
      'お茶=お茶/おちゃ',
      'を=を/を',
      '飲みません=飲む/のみません',
      '。',
    ]);
    expect(words('読めば分かる。')).toEqual(['読めば=読む/よめば', '分かる=分かる/わかる', '。']);
  });

  it('joins the listing たり and the そう of appearance to the word before them', () => {
    expect(words('週末は本を読んだり、映画を見たりしました。')).toEqual([
      '週末=週末/しゅうまつ',
      'は=は/は',
      '本=本/ほん',
      'を=を/を',
      '読んだり=読む/よんだり',
      '、',
      '映画=映画/えいが',
      'を=を/を',
      '見たり=見る/みたり',
      'しました=する/しました',
      '。',
    ]);
    expect(words('子供たちはとても楽しそうです。')).toContain('楽しそう=楽しい/たのしそう');
    expect(words('このケーキはおいしそうだ。')).toContain('おいしそう=おいしい/おいしそう');
  });

  it('makes a verbal noun and する one verb', () => {
    const pieces = japaneseWords('毎日、日本語を勉強します。');
    expect(pieces.map((piece) => piece.text)).toEqual(['毎日', '、', '日本語', 'を', '勉強します', '。']);
    expect(pieces[4]).toMatchObject({
      lemma: '勉強する',
      reading: 'べんきょうします',
      partOfSpeech: 'verb (suru)',
    });
  });

  it('names the part of speech as the word panel shows it', () => {
    const [eat] = japaneseWords('食べました').filter((piece) => piece.isWord);
    const [drink] = japaneseWords('飲みました').filter((piece) => piece.isWord);
    const [fun] = japaneseWords('楽しい').filter((piece) => piece.isWord);
    expect(eat?.partOfSpeech).toBe('verb (ichidan)');
    expect(drink?.partOfSpeech).toBe('verb (godan)');
    expect(fun?.partOfSpeech).toBe('adjective (i)');
    expect(japaneseWords('は')[0]?.partOfSpeech).toBe('particle');
  });

  it('gives back the text whole: spaces and line breaks the analyser skips come back between the words', () => {
    const text = '猫が  好きです。\n毎日、ニャンコスキーと遊びます！';
    const pieces = japaneseWords(text);
    expect(pieces.map((piece) => piece.text).join('')).toBe(text);
    expect(pieces.filter((piece) => !piece.isWord).map((piece) => piece.text)).toEqual([
      '  ',
      '。',
      '\n',
      '、',
      '！',
    ]);
    // A word the dictionary does not have is still one word to tap, read as written.
    expect(pieces.find((piece) => piece.text === 'ニャンコスキー')).toMatchObject({
      isWord: true,
      lemma: 'ニャンコスキー',
    });
  });
});

describe('the pieces around the analyser', () => {
  it('reads katakana as hiragana and leaves everything else', () => {
    expect(toHiragana('タベマシタ')).toBe('たべました');
    expect(toHiragana('ヴァイオリン abc 漢字')).toBe('ゔぁいおりん abc 漢字');
  });

  it('groups morphemes given by offsets, and names classes it knows', () => {
    const pieces = groupMorphemes('食べた', [
      {
        surface: '食べ',
        partOfSpeech: '動詞',
        partOfSpeechSubcategory1: '自立',
        conjugationForm: '一段',
        baseForm: '食べる',
        reading: 'タベ',
        byteStart: 0,
        byteEnd: 6,
      },
      {
        surface: 'た',
        partOfSpeech: '助動詞',
        partOfSpeechSubcategory1: '*',
        conjugationForm: '特殊・タ',
        baseForm: 'た',
        reading: 'タ',
        byteStart: 6,
        byteEnd: 9,
      },
    ]);
    expect(pieces).toEqual([
      { text: '食べた', isWord: true, lemma: '食べる', reading: 'たべた', partOfSpeech: 'verb (ichidan)' },
    ]);
    expect(
      partOfSpeechName({
        surface: '来',
        partOfSpeech: '動詞',
        conjugationForm: 'カ変・来ル',
        byteStart: 0,
        byteEnd: 3,
      }),
    ).toBe('verb (kuru)');
    expect(
      partOfSpeechName({ surface: '？', partOfSpeech: 'UNK', byteStart: 0, byteEnd: 3 }),
    ).toBeUndefined();
  });
});
