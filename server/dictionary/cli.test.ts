import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chapterTerms, languages } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { runCaptured } from '#server/testing/command.ts';
import { createUser, signIn } from '#server/testing/factories.ts';
import { dictionaryImportCommand } from './cli.ts';

const t = setupTestApp();
const scratch = mkdtempSync(join(tmpdir(), 'catamaran-dict-cli-'));

const env = () => ({ ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' });
const dictImport = (...args: string[]) => runCaptured(dictionaryImportCommand, args, env());

const LINES = [
  {
    word: 'casa',
    pos: 'noun',
    lang_code: 'es',
    senses: [{ glosses: ['house'] }],
    forms: [{ form: 'casas', tags: ['plural'] }],
  },
  { word: 'gato', pos: 'noun', lang_code: 'es', senses: [{ glosses: ['cat'] }] },
  { word: 'chat', pos: 'noun', lang_code: 'fr', senses: [{ glosses: ['cat'] }] },
];

/** A published Spanish chapter written by an administrator through the API; answers its id. */
async function spanishChapter(content: string): Promise<number> {
  const admin = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  const [spanish] = await t.db.select().from(languages).where(eq(languages.code, 'es'));
  const story = await t.request<{ id: number }>({
    method: 'POST',
    url: '/api/admin/stories/',
    token: admin,
    payload: { title: 'Casas', author: 'A', language: spanish?.id, is_published: true, is_free: true },
  });
  const chapter = await t.request<{ id: number }>({
    method: 'POST',
    url: `/api/admin/stories/${story.body.id}/chapters/`,
    token: admin,
    payload: { title: 'Uno', content },
  });
  expect(chapter.status).toBe(201);
  return chapter.body.id;
}

const termsOf = async (chapterId: number) =>
  (await t.db.select().from(chapterTerms).where(eq(chapterTerms.chapterId, chapterId)))
    .map((row) => row.term)
    .sort();

describe('npm run dict:import', () => {
  it('imports a local gzipped dump with a progress line, and the lookup finds its words', async () => {
    const file = join(scratch, 'es.jsonl.gz');
    writeFileSync(file, gzipSync(LINES.map((line) => JSON.stringify(line)).join('\n')));
    const chapter = await spanishChapter('<p>Las casas.</p>');
    expect(await termsOf(chapter)).toContain('casas');

    const run = await dictImport('--source', 'es', '--target', 'en', file);

    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/\[#{24}\] 100\.0 %\s+2 entries/);
    expect(run.stdout).toContain('Imported 2 es entries (3 forms, 2 senses) into the es→en dictionary');
    expect(run.stdout).toContain('1 of 3 lines skipped.');
    expect(run.stdout).toContain('  line 3: language fr, not es');
    expect(run.stdout).toContain('0 lines are only forms of other words (0 links, to 0 words');
    expect(run.stdout).toContain('  1 skipped: language fr, not es');
    const token = (await signIn(t.db, await createUser(t.db))).accessToken;
    const found = await t.get<{ lemma: string }>('/api/dict/lookup/?language=es&surface=casas', { token });
    expect(found.body).toMatchObject({ found: true, lemma: 'casa', form: 'plural of casa' });
    // The chapters of the language count their words by the new dictionary at once, not at the next start.
    expect(run.stdout).toMatch(/Remade the words of [1-9]\d* es chapters? for the new dictionary\./);
    expect(await termsOf(chapter)).toEqual(['casa', 'las']);
  });

  it('refuses bad arguments and bad files with a sentence, leaving the dictionary as it was', async () => {
    const broken = join(scratch, 'broken.jsonl.gz');
    writeFileSync(broken, gzipSync('{"word": "x"}\n').subarray(0, 10));
    const cases: [string[], RegExp][] = [
      [[], /Usage: npm run dict:import/],
      [['--source', 'es', 'x.jsonl'], /Usage/],
      [['--source', 'es', '--target', 'es', broken], /must differ/],
      [['--source', 'es', '--target', 'en', join(scratch, 'missing.jsonl')], /Cannot read/],
      [['--source', 'qq', '--target', 'en', broken], /no language with the code "qq"/],
      [['--source', 'es', '--target', 'en', broken], /truncated/],
    ];
    for (const [args, message] of cases) {
      const run = await dictImport(...args);
      expect(run.status, args.join(' ')).toBe(1);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
  });

  // The rest runs the command in this process; this runs it as `npm run dict:import` does, once.
  it('runs as its own process, with its progress, its report and its exit code', async () => {
    const file = join(scratch, 'process.jsonl');
    writeFileSync(file, `${JSON.stringify(LINES[1])}\n`);
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/dictionary/cli.ts', '--source', 'es', '--target', 'en', file],
      { env: env(), encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/100\.0 %\s+1 entry /);
    expect(run.stdout).toMatch(
      /^Imported 1 es entry \(\d+ forms?, \d+ senses?\) .*; 0 of 1 line skipped\.$/m,
    );
  }, 120_000);
});
