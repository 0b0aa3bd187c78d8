// `npm run bench:analysis`: a 10,000-character chapter of each language with an analyser, analysed as a chapter
// is when saved (issue 21: under 500 ms), beside the baseline of the same run, Intl.Segmenter over the same
// text (what the reader did before); with each analyser's load time and the memory it adds. Each language in a
// process of its own. Prints the figures and writes bench/results/analysis.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { log, machine, pad, round1, targetLine } from '../stats.ts';
import type { AnalyseResult } from './analyse.ts';
import { bundleChildren, runChild } from './children.ts';

const CHAPTER_CHARACTERS = 10_000;
const ROUNDS = Number(process.env.BENCH_ANALYSIS_ROUNDS ?? 7);
const TARGET_MS = 500;

// Graded-reader sentences written for the benchmark: inflected verbs and adjectives, particles, names, numbers.
const SENTENCES: Record<string, string[]> = {
  ja: [
    '朝、マリアさんは七時に起きました。',
    '窓を開けると、冷たい風が入ってきました。',
    '台所でお母さんが朝ご飯を作っています。',
    '「今日は学校に行きたくない」とマリアさんは言いました。',
    'でも、友達に会えるので、やっぱり行くことにしました。',
    '駅まで歩いて十五分かかります。',
    '電車の中で、日本語の本を読んでいました。',
    '先生に名前を呼ばれて、少し恥ずかしかったです。',
    '昼休みに、みんなでお弁当を食べました。',
    '雨が降れば、試合は中止になります。',
    '帰りに図書館で新しい本を三冊借りました。',
    '夜、宿題を終わらせてから、早く寝ました。\n',
  ],
  zh: [
    '早上七点，小明起床了。',
    '他打开窗户，外面下着小雨。',
    '妈妈在厨房里做早饭，她做了包子和鸡蛋。',
    '小明很喜欢吃妈妈做的包子。',
    '吃完饭以后，他骑自行车去学校。',
    '在路上，他遇到了好朋友小红。',
    '他们一起去图书馆还书，又借了三本新书。',
    '下午的汉语课有一点儿难，可是老师讲得很清楚。',
    '放学以后，他们在公园里踢足球。',
    '晚上，小明做完作业，早早地睡觉了。\n',
  ],
};

function chapter(sentences: readonly string[]): string {
  let text = '';
  for (let i = 0; text.length < CHAPTER_CHARACTERS; i++) text += sentences[i % sentences.length];
  return text.slice(0, CHAPTER_CHARACTERS);
}

await bundleChildren();
const results: Record<string, AnalyseResult & { childPeakRssMB: number }> = {};
for (const [language, sentences] of Object.entries(SENTENCES)) {
  log(
    `${language}: analysing a ${CHAPTER_CHARACTERS.toLocaleString('en')}-character chapter, ${ROUNDS} rounds`,
  );
  const { result, memory } = await runChild<AnalyseResult>('analyse', {
    language,
    text: chapter(sentences),
    rounds: ROUNDS,
  });
  results[language] = { ...result, childPeakRssMB: memory.peakRssMB };
}

console.info('');
console.info(
  pad(['', 'words', 'median ms', 'first ms', 'load ms', 'load MB', 'baseline ms'], [10, 8, 11, 10, 9, 9, 13]),
);
for (const [language, result] of Object.entries(results)) {
  console.info(
    pad(
      [
        language,
        result.words,
        round1(result.medianMs),
        round1(result.firstMs),
        round1(result.loadMs),
        round1(result.loadRssMB),
        round1(result.baselineMs),
      ],
      [10, 8, 11, 10, 9, 9, 13],
    ),
  );
}
console.info('');
for (const [language, result] of Object.entries(results)) {
  targetLine(
    `${language}: 10,000 characters analysed`,
    `${round1(result.medianMs)} ms`,
    `< ${TARGET_MS} ms`,
    result.medianMs < TARGET_MS,
  );
}

mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
const output = new URL('../results/analysis.json', import.meta.url);
writeFileSync(
  output,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(undefined), chapterCharacters: CHAPTER_CHARACTERS, rounds: ROUNDS, targetMs: TARGET_MS, results }, null, 2)}\n`,
);
log(`wrote ${output.pathname}`);
