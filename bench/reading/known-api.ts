// Issue 22's API targets, on the app the scenarios loaded (api.ts): the Spanish story list for learners with
// 5,000 known terms (shares computed and sent) against today's list (the same list for learners without
// statuses, so without shares), in turn at 50 connections for a few rounds; and marking a chapter's ~300 new
// terms known (POST /api/chapters/:id/mark-known/), one call at a time, each undone untimed (POST
// /api/terms/forget/) so the next finds its chapter's terms new again, beside a cheap authenticated POST timed
// the same way in the same loop (POST /api/track-reading-time/), the baseline.
import { Agent, request as httpRequest } from 'node:http';
import pg from 'pg';
import type { Measured } from '../measure.ts';
import { log, median, round1 } from '../stats.ts';
import { type AppUnderLoad, fetchRaw } from './api.ts';
import type { LoadRequest } from './load.ts';
import { percentile } from './reader-report.ts';

export interface KnownApiInput {
  /** The sampled learners, each with 5,000 known Spanish terms. */
  tokens: string[];
  /** As many learners without statuses: today's list. */
  freshTokens: string[];
  /** Chapters of free generated Spanish stories, each with ~300 terms new to every knowing learner. */
  chapterIds: number[];
  rounds: number;
  /** The list's target rate (issue 6's 300 req/s), at which today's list is offered once too. */
  targetRate: number;
  samples: number;
  databaseUrl: string;
}

/** What the answers of a list held: stories, those with a share, and the shares of the first learner's. */
interface ListAnswers {
  learners: number;
  storiesMedian: number;
  /** Of all answers, the stories whose comprehension was not null. */
  withShareMin: number;
  withShareMax: number;
  knownPercent: { min: number; median: number; max: number } | null;
  newWords: { min: number; median: number; max: number } | null;
}

/** Latencies of one call timed in the loop, in ms. */
interface Latencies {
  samples: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface KnownApiResult {
  listAnswers: { withShares: ListAnswers; todays: ListAnswers };
  list: {
    request: string;
    /** Each round's today's list, then its list with shares, at full speed. */
    todays: Measured[];
    withShares: Measured[];
    todaysRequestsPerSecondMedian: number;
    withSharesRequestsPerSecondMedian: number;
    /** The list with shares' throughput as a share of today's (medians of the rounds). */
    shareOfTodays: number;
    /**
     * Today's list offered the list target's rate, once, after the rounds: the p99 beside the list with shares'
     * at that rate (api.list.catamaranAtTargetRate, the scenario's), on this shared machine.
     */
    todaysAtTargetRate: Measured & { offeredRequestsPerSecond: number };
  };
  markKnown: {
    request: string;
    chapters: number;
    /** Terms each call made known (each was undone before the next call). */
    termsMadeKnown: { min: number; median: number; max: number };
    latency: Latencies;
    /** POST /api/track-reading-time/ as the same learner just before each mark-known, timed the same way. */
    baseline: Latencies & { request: string };
  };
}

const spread = (values: number[]) =>
  values.length === 0 ? null : { min: Math.min(...values), median: median(values), max: Math.max(...values) };

/** The whole Spanish list as a learner asks for it. */
const spanishList = (token: string): LoadRequest => ({
  method: 'GET',
  path: '/api/stories/?language=es',
  headers: { authorization: `Bearer ${token}` },
});

type Listed = { comprehension: { known_percent: number; new_words: number } | null };

/** Every learner's list once: how many stories have shares (all of them for the knowing, none for the fresh). */
async function checkLists(origin: string, requests: LoadRequest[]): Promise<ListAnswers> {
  const lists: Listed[][] = [];
  for (const sent of requests) {
    const answer = await fetchRaw(origin, sent);
    if (answer.status !== 200) throw new Error(`The list answered ${answer.status}: ${answer.body}`);
    lists.push(JSON.parse(answer.body) as Listed[]);
  }
  const withShare = lists.map((list) => list.filter((story) => story.comprehension !== null).length);
  const first = (lists[0] ?? []).flatMap((story) => (story.comprehension ? [story.comprehension] : []));
  return {
    learners: lists.length,
    storiesMedian: median(lists.map((list) => list.length)),
    withShareMin: Math.min(...withShare),
    withShareMax: Math.max(...withShare),
    knownPercent: spread(first.map((share) => share.known_percent)),
    newWords: spread(first.map((share) => share.new_words)),
  };
}

/** Today's list and the list with shares at full speed, in turn, `rounds` times. */
async function measureLists(app: AppUnderLoad, input: KnownApiInput): Promise<KnownApiResult['list']> {
  const list = spanishList;
  const todays: Measured[] = [];
  const withShares: Measured[] = [];
  for (let round = 1; round <= input.rounds; round++) {
    todays.push(await app.load(app.origin, input.freshTokens.map(list)));
    withShares.push(await app.load(app.origin, input.tokens.map(list)));
    log(
      `  round ${round}/${input.rounds}: today's list ${todays.at(-1)?.requestsPerSecond} req/s, ` +
        `with shares ${withShares.at(-1)?.requestsPerSecond} req/s`,
    );
  }
  const rate = input.targetRate;
  const todaysAtTargetRate = {
    offeredRequestsPerSecond: rate,
    ...(await app.load(app.origin, input.freshTokens.map(list), rate)),
  };
  log(`  today's list at ${rate} req/s offered: p99 ${todaysAtTargetRate.latencyP99Ms} ms`);
  const todaysMedian = median(todays.map((run) => run.requestsPerSecond));
  const withSharesMedian = median(withShares.map((run) => run.requestsPerSecond));
  return {
    request: 'GET /api/stories/?language=es',
    todays,
    withShares,
    todaysRequestsPerSecondMedian: todaysMedian,
    withSharesRequestsPerSecondMedian: withSharesMedian,
    shareOfTodays: Number((withSharesMedian / todaysMedian).toFixed(3)),
    todaysAtTargetRate,
  };
}

/** One request on a kept-alive connection, timed from its start to the end of its answer. */
function timed(
  agent: Agent,
  origin: string,
  sent: { method: 'POST'; path: string; token: string; body?: string },
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((done, fail) => {
    const startedAt = performance.now();
    const body = sent.body ?? '';
    const request = httpRequest(
      `${origin}${sent.path}`,
      {
        method: sent.method,
        agent,
        headers: {
          authorization: `Bearer ${sent.token}`,
          accept: 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(sent.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - startedAt,
          }),
        );
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}

const latencies = (values: number[]): Latencies => ({
  samples: values.length,
  p50Ms: round1(percentile(values, 50)),
  p90Ms: round1(percentile(values, 90)),
  p99Ms: round1(percentile(values, 99)),
  maxMs: round1(Math.max(...values)),
});

/**
 * Sample after sample, each as the next knowing learner on the next chapter: a reading-time report (timed),
 * the mark-known (timed), its undo (not timed). A few unrecorded samples first, as warm-up.
 */
async function measureMarkKnown(
  app: AppUnderLoad,
  input: KnownApiInput,
): Promise<KnownApiResult['markKnown']> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const warmUp = 10;
  const marked: number[] = [];
  const markMs: number[] = [];
  const trackMs: number[] = [];
  const chapters = new Set<number>();
  for (let sample = -warmUp; sample < input.samples; sample++) {
    const index = sample + warmUp;
    const token = input.tokens[index % input.tokens.length] ?? '';
    const chapterId = input.chapterIds[(index * 7) % input.chapterIds.length] ?? 0;
    const body = JSON.stringify({ chapter_id: chapterId, seconds: 30 });
    const track = await timed(agent, app.origin, {
      method: 'POST',
      path: '/api/track-reading-time/',
      token,
      body,
    });
    const mark = await timed(agent, app.origin, {
      method: 'POST',
      path: `/api/chapters/${chapterId}/mark-known/`,
      token,
    });
    if (track.status >= 300 || mark.status >= 300) {
      throw new Error(
        `mark-known ${mark.status} ${mark.body.slice(0, 200)}; track ${track.status} ${track.body}`,
      );
    }
    const { language, terms } = JSON.parse(mark.body) as { language: string; terms: string[] };
    const undo = await timed(agent, app.origin, {
      method: 'POST',
      path: '/api/terms/forget/',
      token,
      body: JSON.stringify({ language, terms }),
    });
    const { changed } = JSON.parse(undo.body) as { changed: number };
    if (changed !== terms.length) throw new Error(`The undo changed ${changed} of ${terms.length} terms`);
    if (sample < 0) continue;
    chapters.add(chapterId);
    marked.push(terms.length);
    markMs.push(mark.ms);
    trackMs.push(track.ms);
  }
  agent.destroy();
  return {
    request: 'POST /api/chapters/{id}/mark-known/, each undone by POST /api/terms/forget/ (untimed)',
    chapters: chapters.size,
    termsMadeKnown: spread(marked) ?? { min: 0, median: 0, max: 0 },
    latency: latencies(markMs),
    baseline: { request: 'POST /api/track-reading-time/ {chapter_id, seconds: 30}', ...latencies(trackMs) },
  };
}

/** Issue 22's API measurements: the answers checked, the lists in turn, then mark-known. */
export async function measureKnownApi(app: AppUnderLoad, input: KnownApiInput): Promise<KnownApiResult> {
  const list = spanishList;
  log('Issue 22: the Spanish list for learners with 5,000 known terms and for learners without statuses…');
  const listAnswers = {
    withShares: await checkLists(app.origin, input.tokens.map(list)),
    todays: await checkLists(app.origin, input.freshTokens.map(list)),
  };
  log(
    `  answers: with shares ${JSON.stringify(listAnswers.withShares)}; today's ${JSON.stringify(listAnswers.todays)}`,
  );
  if (listAnswers.withShares.withShareMin === 0)
    throw new Error('A knowing learner’s list carries no shares');
  if (listAnswers.todays.withShareMax > 0) throw new Error('A learner without statuses got shares');
  const lists = await measureLists(app, input);
  log(
    `Issue 22: mark-known, ${input.samples} calls one at a time (each undone), beside a reading-time report…`,
  );
  const markKnown = await measureMarkKnown(app, input);
  log(
    `  ${markKnown.termsMadeKnown.median} terms made known a call: p50 ${markKnown.latency.p50Ms} ms, ` +
      `p99 ${markKnown.latency.p99Ms} ms (reading-time report p50 ${markKnown.baseline.p50Ms}, p99 ${markKnown.baseline.p99Ms})`,
  );
  // Its writes settled before the reader's part, as after the API's scenarios that write.
  const client = new pg.Client({ connectionString: input.databaseUrl });
  await client.connect();
  await client.query('VACUUM (ANALYZE) term_statuses, learner_story_known, reading_days');
  await client.query('CHECKPOINT');
  await client.end();
  return { listAnswers, list: lists, markKnown };
}
