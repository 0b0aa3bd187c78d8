import { deflateRawSync } from 'node:zlib';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADULT_CONTENT_NOTE, DEFAULT_DIFFICULTY_PROMPTS, joinDifficultyPrompts } from '#common/prompts.ts';
import {
  type BulkImportAnswer,
  type BulkPreviewAnswer,
  NO_CHAPTERS,
  NO_FILE,
  NOT_EXCEL,
} from '#common/schemas/bulk.ts';
import { chapters, stories } from '#server/db/schema.ts';
import { setupTestApp } from '#server/testing/app.ts';
import { createLanguage, createUser, signIn } from '#server/testing/factories.ts';
import { workbook } from '#server/testing/workbooks.ts';
import { readIdeas } from './ideas.ts';
import { DEFAULT_AUTHOR } from './plan.ts';
import { readWorkbook } from './workbook.ts';

const t = setupTestApp();
const URL = '/api/admin/bulk-import-stories/';

let adminToken: string;
let learnerToken: string;

beforeAll(async () => {
  adminToken = (await signIn(t.db, await createUser(t.db, { isAdmin: true }))).accessToken;
  learnerToken = (await signIn(t.db, await createUser(t.db))).accessToken;
});

const STORY_HEADER = ['Title', 'Level', 'Story Description', 'Is Adult', 'Topics', 'Author'];
const CHAPTER_HEADER = ['Story Title', 'Chapter Number', 'Chapter Title', 'Chapter Purpose'];

/** Two stories of two chapters, as a writer fills the template. */
function ideasWorkbook(bookType: 'xlsx' | 'xls' = 'xlsx', extraChapters: unknown[][] = []): Buffer {
  return workbook(
    {
      story_ideas: [
        STORY_HEADER,
        ['El faro', 'child', 'Lucía keeps a lighthouse burning.', 'no', 'family', 'Ana Ruiz'],
        ['El tren nocturno', 'adult', 'A passenger vanishes overnight.', 'yes', 'mystery', null],
      ],
      chapter_ideas: [
        CHAPTER_HEADER,
        ['El faro', 1, 'La llegada', 'Lucía arrives.'],
        ['El faro', 2, 'La tormenta', 'The power fails.'],
        ['El tren nocturno', 1, 'El compartimento', 'Meet the passengers.'],
        ['el tren nocturno', 2, 'La litera vacía', 'Someone is missing.'],
        ...extraChapters,
      ],
    },
    bookType,
  );
}

interface Send {
  fields?: Record<string, string | Blob>;
  file?: { bytes: Buffer; name: string } | null;
  token?: string | null;
}

async function send<T = { error?: string; warnings?: string[] }>({
  fields = {},
  file = { bytes: ideasWorkbook(), name: 'ideas.xlsx' },
  token = adminToken,
}: Send = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return t.request<T>({
    method: 'POST',
    url: URL,
    payload: form,
    ...(token ? { token } : {}),
  });
}

describe('POST /api/admin/bulk-import-stories/: who may', () => {
  it('answers 401 without a session and 403 to a learner, and writes nothing', async () => {
    const language = await createLanguage(t.db);
    const fields = { mode: 'import', language: String(language.id) };
    expect((await send({ fields, token: null })).status).toBe(401);
    expect((await send({ fields, token: learnerToken })).status).toBe(403);
    expect(await t.db.select().from(stories).where(eq(stories.languageId, language.id))).toEqual([]);
  });
});

describe('POST /api/admin/bulk-import-stories/: bad input', () => {
  let fields: Record<string, string>;
  beforeAll(async () => {
    fields = { mode: 'preview', language: String((await createLanguage(t.db)).id) };
  });

  it('asks for a file when none is sent, or the request is not a form', async () => {
    expect((await send({ fields, file: null })).body).toEqual({ error: NO_FILE });
    // A browser's form with no file chosen sends an empty part without a name.
    const empty = await send({ fields, file: { bytes: Buffer.alloc(0), name: '' } });
    expect(empty).toMatchObject({ status: 400, body: { error: NO_FILE } });
    const json = await t.request({ method: 'POST', url: URL, payload: fields, token: adminToken });
    expect(json).toMatchObject({ status: 400, body: { error: NO_FILE } });
  });

  it('checks the mode, the language and the prompts', async () => {
    const refusal = async (changed: Record<string, string>) =>
      (await send({ fields: { ...fields, ...changed } })).body.error;
    expect(await refusal({ mode: 'delete' })).toBe('mode must be preview or import.');
    expect(await refusal({ language: '' })).toBe('Choose the language of the stories.');
    expect(await refusal({ language: 'es' })).toBe('Choose the language of the stories.');
    expect(await refusal({ language: '987654' })).toBe('That language does not exist.');
    expect(await refusal({ template: 'x'.repeat(10_001) })).toBe(
      'The prompt template is longer than 10,000 characters.',
    );
    expect(await refusal({ difficulty_prompts: 'infant: '.repeat(20_000) })).toBe(
      'The difficulty prompts are longer than 30,000 characters in all.',
    );
    const noMode = await send({ fields: { language: fields.language as string } });
    expect(noMode.body.error).toBe('mode must be preview or import.');
  });

  it('takes only Excel files, told by their bytes as well as their names', async () => {
    const renamed = await send({ fields, file: { bytes: Buffer.from('title,level\n'), name: 'ideas.xlsx' } });
    expect(renamed).toMatchObject({ status: 400, body: { error: NOT_EXCEL } });
    const csv = await send({ fields, file: { bytes: ideasWorkbook(), name: 'ideas.csv' } });
    expect(csv).toMatchObject({ status: 400, body: { error: NOT_EXCEL } });
    const text = await send({ fields, file: { bytes: Buffer.from('hello'), name: 'notes.txt' } });
    expect(text).toMatchObject({ status: 400, body: { error: NOT_EXCEL } });
  });

  it('refuses a damaged workbook, a zip bomb and one over 10 MB with a sentence', async () => {
    const whole = ideasWorkbook();
    const cut = await send({
      fields,
      file: { bytes: whole.subarray(0, whole.length - 200), name: 'cut.xlsx' },
    });
    expect(cut).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/damaged or cut short/) },
    });

    const junk = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(4096, 9),
    ]);
    const ole = await send({ fields, file: { bytes: junk, name: 'old.xls' } });
    expect(ole.status).toBe(400);
    expect(ole.body.error).toMatch(/could not be read as an Excel workbook|damaged/);

    const bomb = await send({ fields, file: { bytes: zipBomb(), name: 'bomb.xlsx' } });
    expect(bomb).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/unpacks to more than/) },
    });

    const large = Buffer.concat([whole, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await send({ fields, file: { bytes: large, name: 'large.xlsx' } });
    expect(tooLarge).toMatchObject({ status: 413, body: { error: 'The workbook is larger than 10 MB.' } });
  });

  it('refuses two files, or a file under another name', async () => {
    const form = new FormData();
    form.append('mode', 'preview');
    form.append('language', fields.language as string);
    form.append('file', new Blob([new Uint8Array(ideasWorkbook())]), 'a.xlsx');
    form.append('file', new Blob([new Uint8Array(ideasWorkbook())]), 'b.xlsx');
    const two = await t.request<{ error: string }>({
      method: 'POST',
      url: URL,
      payload: form,
      token: adminToken,
    });
    expect(two).toMatchObject({ status: 400, body: { error: 'Send one workbook, in a field named file.' } });
    const other = new FormData();
    other.append('mode', 'preview');
    other.append('language', fields.language as string);
    other.append('workbook', new Blob([new Uint8Array(ideasWorkbook())]), 'a.xlsx');
    const renamed = await t.request<{ error: string }>({
      method: 'POST',
      url: URL,
      payload: other,
      token: adminToken,
    });
    expect(renamed).toMatchObject({
      status: 400,
      body: { error: 'Send one workbook, in a field named file.' },
    });
  });

  it('refuses more than 5,000 chapters or 1,000 stories at a time', async () => {
    const sixStories = Array.from({ length: 6 }, (_, index) => [`Historia ${index}`, 'child']);
    const chapterRows = Array.from({ length: 5001 }, (_, index) => [
      `Historia ${index % 6}`,
      Math.floor(index / 6) + 1,
      `Capítulo ${index}`,
    ]);
    const long = workbook({
      story_ideas: [STORY_HEADER, ...sixStories],
      chapter_ideas: [CHAPTER_HEADER, ...chapterRows],
    });
    const answer = await send({ fields, file: { bytes: long, name: 'long.xlsx' } });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        error: 'The workbook has 5,001 chapters; import at most 5,000 at a time, in several workbooks.',
        warnings: [],
      },
    });
    const storyRows = Array.from({ length: 1001 }, (_, index) => [`Historia ${index}`, 'teen']);
    const wide = workbook({
      story_ideas: [STORY_HEADER, ...storyRows],
      chapter_ideas: [CHAPTER_HEADER, ['Historia 1', 1, 'Uno']],
    });
    expect((await send({ fields, file: { bytes: wide, name: 'wide.xlsx' } })).body.error).toBe(
      'The workbook has 1,001 stories; import at most 1,000 at a time, in several workbooks.',
    );
  });

  it('answers a form it cannot read with a sentence, not a failure', async () => {
    const post = (contentType: string, payload: string) =>
      t.request<{ error: string }>({
        method: 'POST',
        url: URL,
        payload,
        headers: { 'content-type': contentType },
        token: adminToken,
      });
    const unreadable = 'The form could not be read: send it as multipart/form-data, whole.';
    expect(await post('multipart/form-data', 'mode=preview')).toMatchObject({
      status: 400,
      body: { error: unreadable },
    });
    const cut = '--b\r\nContent-Disposition: form-data; name="mode"\r\n\r\npreview\r\n--b\r\nContent-Disp';
    expect(await post('multipart/form-data; boundary=b', cut)).toMatchObject({
      status: 400,
      body: { error: unreadable },
    });
    const json =
      '--b\r\nContent-Disposition: form-data; name="template"\r\nContent-Type: application/json\r\n\r\n{oops\r\n--b--\r\n';
    expect(await post('multipart/form-data; boundary=b', json)).toMatchObject({
      status: 400,
      body: { error: 'A form field declared as JSON is not JSON; send the fields as text.' },
    });
    const many = Array.from(
      { length: 12 },
      (_, index) => `--b\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nx\r\n`,
    ).join('');
    expect(await post('multipart/form-data; boundary=b', `${many}--b--\r\n`)).toMatchObject({
      status: 413,
      body: { error: 'The form has too many fields.' },
    });
  });

  it('refuses a template that would make a chapter’s prompt longer than the editor keeps', async () => {
    const answer = await send({
      fields: { ...fields, template: '{difficulty_prompt}'.repeat(500) },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        error:
          'The prompt of chapter 1 of "El faro" would be longer than 20,000 characters: shorten the prompt template or the child style guide.',
      },
    });
  });

  it('lists the first 200 warnings and counts the rest', async () => {
    const untitled = Array.from({ length: 250 }, (_, index) => ['El faro', index + 2, null]);
    const bytes = workbook({
      story_ideas: [STORY_HEADER, ['El faro', 'child']],
      chapter_ideas: [CHAPTER_HEADER, ['El faro', 1, 'La luz'], ...untitled],
    });
    const answer = await send<BulkPreviewAnswer>({ fields, file: { bytes, name: 'ideas.xlsx' } });
    expect(answer.body.warnings).toHaveLength(201);
    expect(answer.body.warnings[0]).toBe('chapter_ideas row 3: no chapter_title; skipped.');
    expect(answer.body.warnings.at(-1)).toBe('... and 50 more warnings.');
  });

  it('says no chapters were found, with the warnings that explain why', async () => {
    const storiesOnly = workbook({ story_ideas: [STORY_HEADER, ['El faro', 'child']] });
    const answer = await send({ fields, file: { bytes: storiesOnly, name: 'ideas.xlsx' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: NO_CHAPTERS,
      warnings: ['The workbook has no sheet named "chapter_ideas".'],
    });
    const noColumn = workbook({
      story_ideas: [STORY_HEADER, ['El faro', 'child']],
      chapter_ideas: [
        ['Story Title', 'Chapter Title'],
        ['El faro', 'La luz'],
      ],
    });
    const missing = await send({ fields, file: { bytes: noColumn, name: 'ideas.xls' } });
    expect(missing.body.error).toBe(NO_CHAPTERS);
    expect(missing.body.warnings).toEqual([
      'Sheet "chapter_ideas" has no "chapter_number" column (its first row names the columns): its rows were skipped.',
    ]);
  });
});

describe('POST /api/admin/bulk-import-stories/: preview', () => {
  it('shows the chapters with their prompts and what an import would do, and writes nothing', async () => {
    const language = await createLanguage(t.db, { name: 'Spanish' });
    const answer = await send<BulkPreviewAnswer>({
      fields: { mode: 'preview', language: String(language.id) },
    });
    expect(answer.status).toBe(200);
    const { preview, ...counts } = answer.body;
    expect(counts).toEqual({
      mode: 'preview',
      created_stories: 2,
      updated_stories: 0,
      created_chapters: 4,
      updated_chapters: 0,
      total_chapters: 4,
      warnings: [],
    });
    expect(preview.map((item) => [item.title, item.chapter_number, item.chapter_title, item.action])).toEqual(
      [
        ['El faro', 1, 'La llegada', 'create'],
        ['El faro', 2, 'La tormenta', 'create'],
        ['El tren nocturno', 1, 'El compartimento', 'create'],
        ['El tren nocturno', 2, 'La litera vacía', 'create'],
      ],
    );
    const [first, , night] = preview;
    expect(first).toMatchObject({
      level: 'child',
      story_description: 'Lucía keeps a lighthouse burning.',
      chapter_purpose: 'Lucía arrives.',
      is_adult: false,
    });
    // The default template, filled: the language by name, the level's style guide, no adult note.
    expect(first?.generation_prompt).toContain(
      'Write chapter 1, "La llegada", of the graded story "El faro"',
    );
    expect(first?.generation_prompt).toContain('for learners of Spanish');
    expect(first?.generation_prompt).toContain(DEFAULT_DIFFICULTY_PROMPTS.child);
    expect(first?.generation_prompt).not.toContain(ADULT_CONTENT_NOTE);
    expect(night?.generation_prompt).toContain(DEFAULT_DIFFICULTY_PROMPTS.adult);
    expect(night?.generation_prompt.endsWith(ADULT_CONTENT_NOTE)).toBe(true);
    expect(await t.db.select().from(stories).where(eq(stories.languageId, language.id))).toEqual([]);
  });

  it('shows 15 cards at most, with every chapter counted', async () => {
    const language = await createLanguage(t.db);
    const many = Array.from({ length: 18 }, (_, index) => [
      'El faro',
      index + 3,
      `Capítulo ${index + 3}`,
      '',
    ]);
    const answer = await send<BulkPreviewAnswer>({
      fields: { mode: 'preview', language: String(language.id) },
      file: { bytes: ideasWorkbook('xlsx', many), name: 'ideas.xlsx' },
    });
    expect(answer.body.preview).toHaveLength(15);
    expect(answer.body.total_chapters).toBe(22);
    expect(answer.body.created_chapters).toBe(22);
  });

  it('fills the admin’s template and style guides, and warns about unknown variables', async () => {
    const language = await createLanguage(t.db, { name: 'Italian' });
    const prompts = { ...DEFAULT_DIFFICULTY_PROMPTS, child: 'Short words.\nShort sentences.' };
    const answer = await send<BulkPreviewAnswer>({
      fields: {
        mode: 'preview',
        language: String(language.id),
        template: '{title} {chapter_number}/{level} in {language}: {difficulty_prompt} {mood} {{literal}}',
        difficulty_prompts: joinDifficultyPrompts(prompts),
      },
    });
    expect(answer.body.preview[0]?.generation_prompt).toBe(
      'El faro 1/child in Italian: Short words.\nShort sentences. {mood} {literal}',
    );
    expect(answer.body.warnings).toEqual([
      expect.stringMatching(/^The prompt template uses an unknown variable, left as written: \{mood\}\./),
    ]);
  });

  it('warns about each row it skips, naming its sheet and row, and previews the rest', async () => {
    const language = await createLanguage(t.db, { name: 'Catalan' });
    const bytes = workbook({
      story_ideas: [STORY_HEADER, ['El faro', 'child'], ['El bosque', 'beginner']],
      chapter_ideas: [
        CHAPTER_HEADER,
        ['El faro', 1, 'La luz'],
        ['El bosque', 1, 'Los árboles'],
        ['El faro', 4, 'Lejos'],
      ],
    });
    const answer = await send<BulkPreviewAnswer>({
      fields: { mode: 'preview', language: String(language.id) },
      file: { bytes, name: 'ideas.xlsx' },
    });
    expect(answer.body.warnings).toEqual([
      'story_ideas row 3 ("El bosque"): unknown level "beginner" (infant, child, teen, adult, expert); skipped.',
      'chapter_ideas row 3: story "El bosque" is neither on the story_ideas sheet nor among the Catalan stories; skipped.',
      'chapter_ideas row 4: chapter 4 of "El faro" would leave a gap (chapter 2 to 3 are missing); skipped.',
    ]);
    expect(answer.body.total_chapters).toBe(1);
  });
});

describe('POST /api/admin/bulk-import-stories/: import', () => {
  const storyRows = (languageId: number) =>
    t.db.select().from(stories).where(eq(stories.languageId, languageId)).orderBy(asc(stories.id));
  const chapterRows = (storyIds: number[]) =>
    t.db
      .select()
      .from(chapters)
      .where(inArray(chapters.storyId, storyIds))
      .orderBy(asc(chapters.storyId), asc(chapters.orderIndex));

  it.each(['xlsx', 'xls'] as const)(
    'creates draft stories and empty chapters with their prompts from an .%s, and nothing the second time',
    async (bookType) => {
      const language = await createLanguage(t.db);
      const fields = { mode: 'import', language: String(language.id) };
      const file = { bytes: ideasWorkbook(bookType), name: `ideas.${bookType}` };
      const first = await send<BulkImportAnswer>({ fields, file });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        mode: 'import',
        created_stories: 2,
        updated_stories: 0,
        created_chapters: 4,
        updated_chapters: 0,
        total_chapters: 4,
        warnings: [],
      });
      const saved = await storyRows(language.id);
      expect(first.body.stories).toEqual(
        saved.map((story) => ({ id: story.id, title: story.title, action: 'create', changed_chapters: 2 })),
      );
      expect(
        saved.map((story) => [story.title, story.author, story.difficultyLevel, story.isAdultContent]),
      ).toEqual([
        ['El faro', 'Ana Ruiz', 'child', false],
        ['El tren nocturno', DEFAULT_AUTHOR, 'adult', true],
      ]);
      expect(saved.every((story) => !story.isPublished && story.estimatedWordCount === 0)).toBe(true);
      const made = await chapterRows(saved.map((story) => story.id));
      expect(made.map((chapter) => [chapter.chapterNumber, chapter.orderIndex, chapter.title])).toEqual([
        [1, 0, 'La llegada'],
        [2, 1, 'La tormenta'],
        [1, 0, 'El compartimento'],
        [2, 1, 'La litera vacía'],
      ]);
      expect(made.every((chapter) => chapter.content === '' && chapter.wordCount === 0)).toBe(true);
      expect(made[0]?.generationPrompt).toContain('Write chapter 1, "La llegada"');

      const again = await send<BulkImportAnswer>({ fields, file });
      expect(again.body).toMatchObject({
        created_stories: 0,
        updated_stories: 0,
        created_chapters: 0,
        updated_chapters: 0,
        total_chapters: 4,
      });
      expect(again.body.stories.map((story) => [story.action, story.changed_chapters])).toEqual([
        ['unchanged', 0],
        ['unchanged', 0],
      ]);
      expect(await storyRows(language.id)).toEqual(saved);
      expect(await chapterRows(saved.map((story) => story.id))).toEqual(made);
    },
  );

  it('updates what changed, keeps what the writer wrote, and adds the next chapters', async () => {
    const language = await createLanguage(t.db);
    const fields = { mode: 'import', language: String(language.id) };
    await send({ fields });
    const [faro] = await storyRows(language.id);
    if (!faro) throw new Error('no story');
    const [first] = await chapterRows([faro.id]);
    // The writer fills chapter 1.
    const text = await t.request({
      method: 'PUT',
      url: `/api/admin/chapters/${first?.id}/`,
      payload: { title: 'La llegada', content: 'Lucía llega al faro.' },
      token: adminToken,
    });
    expect(text.status).toBe(200);

    const changed = workbook({
      story_ideas: [
        STORY_HEADER,
        // A new level and no description: the level changes, the description stays.
        ['EL FARO', 'teen', null, null, null, null],
        ['El tren nocturno', 'adult', 'A passenger vanishes overnight.', 'yes', 'mystery', null],
      ],
      chapter_ideas: [
        CHAPTER_HEADER,
        ['El faro', 1, 'Llegada', 'Lucía arrives.'],
        ['El faro', 2, 'La tormenta', 'The power fails.'],
        ['El faro', 3, 'La calma', 'Morning after.'],
        ['El tren nocturno', 1, 'El compartimento', 'Meet the passengers.'],
        ['El tren nocturno', 2, 'La litera vacía', 'Someone is missing.'],
      ],
    });
    const answer = await send<BulkImportAnswer>({ fields, file: { bytes: changed, name: 'ideas.xlsx' } });
    expect(answer.body).toMatchObject({
      created_stories: 0,
      updated_stories: 1,
      created_chapters: 1,
      // Chapter 1's title, and chapter 2's prompt (its level changed).
      updated_chapters: 2,
      total_chapters: 5,
      warnings: [],
    });
    const [after] = await storyRows(language.id);
    expect(after).toMatchObject({
      title: 'El faro',
      difficultyLevel: 'teen',
      description: 'Lucía keeps a lighthouse burning.',
      author: 'Ana Ruiz',
      estimatedWordCount: 4,
    });
    const faroChapters = await chapterRows([faro.id]);
    expect(faroChapters.map((chapter) => [chapter.chapterNumber, chapter.title, chapter.content])).toEqual([
      [1, 'Llegada', 'Lucía llega al faro.'],
      [2, 'La tormenta', ''],
      [3, 'La calma', ''],
    ]);
    expect(faroChapters[1]?.generationPrompt).toContain(DEFAULT_DIFFICULTY_PROMPTS.teen);
  });

  it('adds chapters to a story imported before from a workbook of chapters alone', async () => {
    const language = await createLanguage(t.db, { name: 'Portuguese' });
    const fields = { mode: 'import', language: String(language.id) };
    await send({ fields });
    const more = workbook({
      chapter_ideas: [
        CHAPTER_HEADER,
        ['EL FARO', 3, 'La calma', 'The morning after.'],
        ['El faro', 4, 'La partida', 'Lucía leaves.'],
        ['O farol', 1, 'A luz', 'Not imported yet.'],
      ],
    });
    const answer = await send<BulkImportAnswer>({ fields, file: { bytes: more, name: 'more.xlsx' } });
    expect(answer.body).toMatchObject({
      created_stories: 0,
      updated_stories: 0,
      created_chapters: 2,
      updated_chapters: 0,
      total_chapters: 2,
      warnings: [
        'chapter_ideas row 4: story "O farol" is neither on the story_ideas sheet nor among the Portuguese stories; skipped.',
      ],
    });
    const [faro] = await storyRows(language.id);
    expect(answer.body.stories).toEqual([
      { id: faro?.id, title: 'El faro', action: 'unchanged', changed_chapters: 2 },
    ]);
    const all = await chapterRows([faro?.id as number]);
    expect(all.map((chapter) => [chapter.chapterNumber, chapter.title])).toEqual([
      [1, 'La llegada'],
      [2, 'La tormenta'],
      [3, 'La calma'],
      [4, 'La partida'],
    ]);
    // The prompt is made from the story as it is: its level's style guide.
    expect(all[2]?.generationPrompt).toContain(DEFAULT_DIFFICULTY_PROMPTS.child);
    expect(all[2]?.generationPrompt).toContain('What this chapter must do: The morning after.');
  });

  it('publishes a story only once every chapter is written, and adds no empty chapter to it after', async () => {
    const language = await createLanguage(t.db);
    const fields = { mode: 'import', language: String(language.id) };
    await send({ fields });
    const [faro] = await storyRows(language.id);
    const story = faro as typeof stories.$inferSelect;
    const [one, two] = await chapterRows([story.id]);
    const publish = () =>
      t.request<{ error: string }>({
        method: 'PUT',
        url: `/api/admin/stories/${story.id}/`,
        payload: { title: story.title, author: story.author, language: language.id, is_published: true },
        token: adminToken,
      });
    const write = (id: number | undefined, content: string) =>
      t.request<{ error: string }>({
        method: 'PUT',
        url: `/api/admin/chapters/${id}/`,
        payload: { title: 'Capítulo', content },
        token: adminToken,
      });
    expect((await write(one?.id, 'Lucía llega.')).status).toBe(200);
    expect(await publish()).toMatchObject({
      status: 400,
      body: {
        error:
          'Every chapter needs its text before the story is published: chapter 2 ("La tormenta") has none yet.',
      },
    });
    expect((await write(two?.id, 'Llega la tormenta.')).status).toBe(200);
    expect((await publish()).status).toBe(200);
    expect(await write(two?.id, '')).toMatchObject({
      status: 400,
      body: {
        error: 'A chapter of a published story needs its text: write it, or unpublish the story first.',
      },
    });

    const more = workbook({ chapter_ideas: [CHAPTER_HEADER, ['El faro', 3, 'La calma', 'Morning.']] });
    const answer = await send<BulkImportAnswer>({ fields, file: { bytes: more, name: 'more.xlsx' } });
    expect(answer.body).toMatchObject({
      created_chapters: 0,
      total_chapters: 0,
      warnings: [
        'chapter_ideas row 2: "El faro" is published, and learners would find chapter 3 empty: unpublish the story to add chapter ideas; skipped.',
      ],
    });
    expect(await chapterRows([story.id])).toHaveLength(2);
  });

  it('lets the editor save a chapter idea still empty, but not an ordinary chapter', async () => {
    const language = await createLanguage(t.db);
    await send({ fields: { mode: 'import', language: String(language.id) } });
    const [story] = await storyRows(language.id);
    const [idea] = await chapterRows([story?.id as number]);
    const renamed = await t.request<{ title: string; content: string }>({
      method: 'PUT',
      url: `/api/admin/chapters/${idea?.id}/`,
      payload: { title: 'Renamed', content: '' },
      token: adminToken,
    });
    expect(renamed).toMatchObject({ status: 200, body: { title: 'Renamed', content: '' } });
    const plain = await t.request<{ error: string }>({
      method: 'POST',
      url: `/api/admin/stories/${story?.id}/chapters/`,
      payload: { title: 'Empty', content: '   ' },
      token: adminToken,
    });
    expect(plain).toMatchObject({ status: 400, body: { error: 'Title and content are required' } });
  });

  it('creates each story once when two imports of one workbook run together', async () => {
    const language = await createLanguage(t.db);
    const fields = { mode: 'import', language: String(language.id) };
    const answers = await Promise.all([
      send<BulkImportAnswer>({ fields }),
      send<BulkImportAnswer>({ fields }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.body.created_stories).toSorted()).toEqual([0, 2]);
    const saved = await storyRows(language.id);
    expect(saved).toHaveLength(2);
    expect(await chapterRows(saved.map((story) => story.id))).toHaveLength(4);
  });

  it('imports a workbook with __proto__ and constructor names without changing anything else', async () => {
    const language = await createLanguage(t.db);
    const bytes = workbook({
      __proto__: [['polluted'], ['yes']],
      constructor: [['title'], ['x']],
      story_ideas: [
        ['__proto__', 'constructor', ...STORY_HEADER],
        ['{"polluted":true}', 'x', '__proto__', 'child'],
      ],
      chapter_ideas: [
        [...CHAPTER_HEADER, '__proto__'],
        ['__proto__', 1, 'constructor', 'prototype', 'polluted'],
      ],
    });
    const answer = await send<BulkImportAnswer>({
      fields: { mode: 'import', language: String(language.id) },
      file: { bytes, name: 'ideas.xlsx' },
    });
    expect(answer.body).toMatchObject({ created_stories: 1, created_chapters: 1, warnings: [] });
    expect((await storyRows(language.id)).map((story) => story.title)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('GET /api/admin/bulk-import-stories/template/', () => {
  const download = (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${URL}template/`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('answers 401 without a session and 403 to a learner', async () => {
    expect((await download()).statusCode).toBe(401);
    expect((await download(learnerToken)).statusCode).toBe(403);
  });

  it('gives an admin the template workbook as an attachment, which the import reads without a warning', async () => {
    const response = await download(adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe('attachment; filename="catamaran-story-ideas.xlsx"');
    const ideas = readIdeas(await readWorkbook(response.rawPayload));
    expect(ideas.warnings).toEqual([]);
    expect(ideas.chapters).toHaveLength(4);
  });
});

/**
 * A zip of one 200 MB entry of zeros that claims, in its headers, to hold 1 KB: a few hundred KB sent, far more
 * unpacked.
 */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(200 * 1024 * 1024), { level: 9 });
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1024, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1024, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryOffset = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
