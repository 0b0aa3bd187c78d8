import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { z } from 'zod';
import { DIFFICULTIES } from '#common/stories.ts';
import { PROJECT_ROOT } from '#server/paths.ts';

/** Where the demo content lives: stories, covers, audio and dictionaries (see its README). */
export const DEMO_DIR = join(PROJECT_ROOT, 'server', 'db', 'demo');

/** The media types of the files the demo ships, by extension. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
};

const mediaPath = z
  .string()
  .regex(/^(covers|audio)\/[a-z0-9-]+\.(svg|mp3)$/, { error: 'must be a file under covers/ or audio/' });

const timingsPath = z
  .string()
  .regex(/^audio\/[a-z0-9-]+\.vtt$/, { error: 'must be a WebVTT file under audio/' });

const Manifest = z.object({
  stories: z.array(
    z.object({
      slug: z.string().regex(/^[a-z]{2}-[a-z0-9-]+$/),
      language: z.string().regex(/^[a-z]{2}$/),
      title: z.string().min(1),
      author: z.string().min(1),
      description: z.string(),
      difficulty: z.enum(DIFFICULTIES),
      topics: z.string(),
      isFree: z.boolean(),
      cover: mediaPath,
      chapters: z
        .array(
          z.object({
            title: z.string().min(1),
            audio: mediaPath.optional(),
            /** The audio's sentence timings (issue 23), matched to the text as an uploaded file is. */
            timings: timingsPath.optional(),
          }),
        )
        .min(1),
    }),
  ),
});

/** A file of the demo to copy into object storage. */
export interface DemoMedia {
  /** The file, under DEMO_DIR. */
  path: string;
  contentType: string;
}

export interface DemoChapter {
  title: string;
  /** Plain text: paragraphs apart by a blank line, as a writer would type it in the editor. */
  content: string;
  audio?: DemoMedia;
  /** The text of a WebVTT file timing the audio's sentences. */
  timings?: string;
}

export interface DemoStory {
  slug: string;
  /** The language's code (es, fr, ja, zh). */
  language: string;
  title: string;
  author: string;
  description: string;
  difficulty: (typeof DIFFICULTIES)[number];
  topics: string;
  isFree: boolean;
  cover: DemoMedia;
  chapters: DemoChapter[];
}

function media(path: string): DemoMedia {
  const contentType = MEDIA_TYPES[extname(path)];
  if (!contentType) throw new Error(`The demo file ${path} has no known media type.`);
  return { path: join(DEMO_DIR, path), contentType };
}

/**
 * The demo library: server/db/demo/library.json, with each chapter's text read from
 * stories/<slug>/<number>.txt.
 */
export async function loadDemoLibrary(): Promise<DemoStory[]> {
  const manifest = Manifest.parse(JSON.parse(await readFile(join(DEMO_DIR, 'library.json'), 'utf8')));
  return Promise.all(
    manifest.stories.map(async (story) => ({
      ...story,
      cover: media(story.cover),
      chapters: await Promise.all(
        story.chapters.map(async (chapter, index) => ({
          title: chapter.title,
          content: (await readFile(join(DEMO_DIR, 'stories', story.slug, `${index + 1}.txt`), 'utf8')).trim(),
          ...(chapter.audio ? { audio: media(chapter.audio) } : {}),
          ...(chapter.timings ? { timings: await readFile(join(DEMO_DIR, chapter.timings), 'utf8') } : {}),
        })),
      ),
    })),
  );
}

/** The demo dictionaries, one wiktextract JSON-lines file per language pair, imported as a real dump is. */
export const DEMO_DICTIONARIES = [
  { source: 'es', target: 'en', file: join(DEMO_DIR, 'es-en.jsonl') },
  { source: 'fr', target: 'en', file: join(DEMO_DIR, 'fr-en.jsonl') },
  { source: 'ja', target: 'en', file: join(DEMO_DIR, 'ja-en.jsonl') },
  { source: 'zh', target: 'en', file: join(DEMO_DIR, 'zh-en.jsonl') },
] as const;
