// The reader's analysed chapter (issue 21): about 10,000 characters of Japanese made from sentences written for
// the benchmark, saved as a chapter is saved (its words found by server/analysis, chapterWords), twice: in a
// story at the child level, where the reader shows furigana (<ruby> with <rt> above every kanji run, the
// heavier markup), and in a story at the teen level, the same words without readings (the ruby's baseline in
// the same run). Deterministic: the same text at every run.
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { lengthCategory } from '#common/stories.ts';
import { chapterWords } from '../../server/analysis/service.ts';

export const JAPANESE_CHAPTER_CHARACTERS = 10_000;
/** The demo Japanese dictionary, whose headwords the taps pick (as the Spanish taps pick the Spanish one's). */
const JAPANESE_DICTIONARY = 'server/db/demo/ja-en.jsonl';
const NAMES = ['ミミ', 'ケン', 'ユキ'];

// A short story of a rainy June and a lighthouse, in the register of a graded reader: verbs in their polite,
// plain, past, progressive, potential and passive forms, i-adjectives inflected, particles, counters, quotes.
// "{N}" is a name, varied from one telling to the next.
const SENTENCES = [
  '六月のある朝、{N}はいつもより早く目を覚ましました。',
  '窓を開けると、外はまだ雨が降っていました。',
  '庭の木の下で、白い猫が静かに眠っています。',
  '「今日は学校に行きたくないなあ」と{N}は小さな声で言いました。',
  '台所では、お母さんが温かいご飯とみそ汁を作っていました。',
  '朝ご飯を食べてから、青い傘を持って家を出ました。',
  '駅までゆっくり歩いて、十五分ぐらいかかります。',
  '電車の中はとても静かで、みんな本を読んだり、窓の外を見たりしていました。',
  '学校に着くと、クラスの友達が「おはよう」と笑って手を振りました。',
  '一時間目の授業は国語で、先生が古い物語を読んでくれました。',
  '昼休みには、二人で図書館へ行って、新しい本を探しました。',
  '図書館の机の上に、誰かが忘れた赤いノートが一つ置いてありました。',
  'ノートを開けると、きれいな字で知らない町の地図が書かれていました。',
  '「これは本物の地図かもしれない」と{N}は思いました。',
  '放課後、雨はもう止んで、空が少しずつ明るくなってきました。',
  '二人は地図を持って、海の見える丘まで急いで走りました。',
  '丘の上には、大きくて白い灯台が立っていました。',
  '灯台の扉は閉まっていて、いくら押しても動きませんでした。',
  '近くの店のおじいさんが、灯台の鍵を持っていると教えてくれました。',
  'おじいさんは昔、この灯台で三十年も働いていたそうです。',
  '「夜になると、灯台の光が遠くの船まで届くんだよ」とおじいさんは話しました。',
  '{N}は、その話を聞いて、胸がどきどきしました。',
  '鍵を借りて扉を開けると、中は暗くて、少し寒かったです。',
  '長い階段を上がっていくと、丸い窓から海がよく見えました。',
  '窓の外では、白い鳥が何羽も風の中を飛んでいました。',
  '一番上の部屋には、古い写真と手紙が箱に入れてしまわれていました。',
  '写真の中で、若いおじいさんが楽しそうに笑っていました。',
  '手紙には「また会える日まで、この光を守ってください」と書いてありました。',
  '二人はしばらく何も言わずに、暗くなっていく空を見ていました。',
  '遠くの町に、一つ、また一つと明かりがつき始めました。',
  '帰り道、{N}は「今日のことはずっと忘れない」と言いました。',
  '家に帰ると、猫がソファの上でころころと転がって待っていました。',
  '晩ご飯の後で、お父さんに灯台の話をしました。',
  'お父さんは驚いて、「子供のころ、よくそこで遊んだよ」と答えました。',
  '宿題を終わらせてから、温かいお風呂に入りました。',
  'ベッドに入っても、灯台のことを考えて、なかなか眠れませんでした。',
  '次の日は朝から晴れて、空がとても青くてきれいでした。',
  '学校へ行く前に、おじいさんに鍵を返しに行きました。',
  'おじいさんは嬉しそうに、二人にあめを一つずつくれました。',
  '「困ったときは、いつでもここへ来なさい」とおじいさんは言いました。',
  '授業中、{N}は窓から見える海を何度も見てしまいました。',
  '先生に名前を呼ばれて、少し恥ずかしかったです。',
  '雨が降れば、午後の試合は中止になるかもしれません。',
  '友達と話しながら、駅の前の広い道をまっすぐ歩きました。',
  '図書館で借りた本は、思っていたよりずっと面白かったです。',
  '夏休みには、家族みんなで北の島へ旅行に行く予定です。',
  '新しい服を着て出かけたのに、急に雨が降ってきて濡れてしまいました。',
  '「悲しいときは、星を見上げるといいよ」とおばあさんが教えてくれました。',
  '部屋の電気を消すと、窓の外に小さな星がたくさん見えました。',
  '明日もきっと、いい日になるでしょう。',
];

/**
 * The chapter: the story told again and again until it reaches `characters`, each telling with its names in
 * another turn and its paragraphs cut at other places (three to seven sentences), blank lines between them.
 */
export function japaneseChapter(characters = JAPANESE_CHAPTER_CHARACTERS): string {
  const paragraphs: string[] = [];
  let sentences: string[] = [];
  let length = 0;
  for (let index = 0; length < characters; index++) {
    const telling = Math.floor(index / SENTENCES.length);
    const name = NAMES[(telling + index) % NAMES.length] ?? '';
    const sentence = (SENTENCES[index % SENTENCES.length] ?? '').replaceAll('{N}', name);
    sentences.push(sentence);
    length += sentence.length;
    if (sentences.length >= 3 + ((index * 5 + telling) % 5)) {
      paragraphs.push(sentences.join(''));
      sentences = [];
      length += 2;
    }
  }
  if (sentences.length > 0) paragraphs.push(sentences.join(''));
  return paragraphs.join('\n\n');
}

/**
 * The verbs and adjectives of the demo Japanese dictionary: the taps pick words whose dictionary form (data-l)
 * is one of them, inflected as the text has them (降っていました, 面白かった).
 */
export async function japaneseTapLemmas(): Promise<string[]> {
  const lines = (await readFile(JAPANESE_DICTIONARY, 'utf8')).split('\n').filter((line) => line.trim());
  const entries = lines.map((line) => JSON.parse(line) as { word: string; pos: string });
  return [
    ...new Set(entries.filter((entry) => ['verb', 'adj'].includes(entry.pos)).map((entry) => entry.word)),
  ];
}

export interface JapaneseReader {
  characters: number;
  /** The words the server found (chapters.words), the chapter's word count. */
  words: number;
  /** Of them, those with a dictionary form other than their text (inflected verbs, adjectives). */
  wordsWithLemma: number;
  /** Of them, those with a reading other than their text (the words with kanji). */
  wordsWithReading: number;
  analysisMs: number;
  /** The child-level story: readings shown by default. */
  storyId: number;
  chapterId: number;
  /** The teen-level story with the same chapter: no readings by default (the ruby's baseline). */
  plainStoryId: number;
  plainChapterId: number;
}

/** Inserts the two Japanese stories, free and published, their chapter stored with the words the server finds. */
export async function createJapaneseStories(client: pg.Client, japaneseId: number): Promise<JapaneseReader> {
  const content = japaneseChapter();
  const startedAt = performance.now();
  const { words, wordCount } = chapterWords(content, 'ja');
  const analysisMs = Math.round(performance.now() - startedAt);
  if (!words) throw new Error('No Japanese analyser: chapterWords answered no words.');
  const insert = async (title: string, difficulty: string) => {
    const { rows: storyRows } = await client.query<{ id: number }>(
      `INSERT INTO stories (title, author, description, language_id, difficulty_level, topics, is_published,
                            is_free, estimated_word_count, length_category)
       VALUES ($1, 'Catamaran', '雨の六月と灯台の物語：読み取りの計測のための一万字。', $2, $3, 'mystery, family',
               true, true, $4, $5)
       RETURNING id`,
      [title, japaneseId, difficulty, wordCount, lengthCategory(wordCount)],
    );
    const storyId = storyRows[0]?.id ?? 0;
    const { rows: chapterRows } = await client.query<{ id: number }>(
      `INSERT INTO chapters (story_id, chapter_number, order_index, title, content, word_count, words)
       VALUES ($1, 1, 0, '灯台の鍵', $2, $3, $4) RETURNING id`,
      [storyId, content, wordCount, JSON.stringify(words)],
    );
    return { storyId, chapterId: chapterRows[0]?.id ?? 0 };
  };
  const child = await insert('灯台の鍵（ふりがな）', 'child');
  const teen = await insert('灯台の鍵', 'teen');
  return {
    characters: content.length,
    words: wordCount,
    wordsWithLemma: words.filter((word) => word.l !== undefined).length,
    wordsWithReading: words.filter((word) => word.r !== undefined).length,
    analysisMs,
    storyId: child.storyId,
    chapterId: child.chapterId,
    plainStoryId: teen.storyId,
    plainChapterId: teen.chapterId,
  };
}
