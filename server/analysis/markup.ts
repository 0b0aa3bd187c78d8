// A chapter's content read as the reader's browser reads it (web/features/reader/text.ts), so the words found
// here line up with the text the reader shows: HTML parsed by a real parser (htmlparser2, the one under the
// sanitiser), entities decoded as a browser decodes them, paragraphs and line breaks as line breaks, and a
// word the author marked (`<span data-w>`, design.md) taken whole: the outer span's whole text, trimmed, with
// its own dictionary form (data-l) and reading (data-r). Both sides follow the same rules; a test on each side
// holds them to the same sentences.
import { Parser } from 'htmlparser2';
import { isChapterHtml } from '#common/stories.ts';

/** A word the author marked: its text as written (trimmed), and what the author said of it. */
export interface MarkedWord {
  text: string;
  lemma?: string;
  reading?: string;
}

/** A stretch of text to analyse, or a word the author marked. */
export type ChapterRun = { text: string } | { marked: MarkedWord };

const LINE_BREAKING = new Set(['p', 'br']);

/** The content's text runs and marked words in reading order. Plain text is one run, as written. */
export function chapterRuns(content: string): ChapterRun[] {
  if (!isChapterHtml(content)) return [{ text: content }];
  const runs: ChapterRun[] = [];
  let text = '';
  let marked: { depth: number; text: string; attributes: Record<string, string> } | undefined;
  const flush = () => {
    if (text !== '') runs.push({ text });
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (marked) {
          if (name === 'span') marked.depth += 1;
          return;
        }
        if (name === 'span' && 'data-w' in attributes) marked = { depth: 1, text: '', attributes };
      },
      ontext(data) {
        if (marked) marked.text += data;
        else text += data;
      },
      onclosetag(name) {
        if (marked) {
          if (name === 'span') marked.depth -= 1;
          if (marked.depth > 0) return;
          const { attributes } = marked;
          const word = marked.text.trim();
          // The spaces around a marked word stay between the words, as the reader puts them.
          const lead = marked.text.slice(0, marked.text.length - marked.text.trimStart().length);
          const trail = marked.text.slice(marked.text.trimEnd().length);
          marked = undefined;
          text += lead;
          if (word === '') return;
          flush();
          runs.push({ marked: markedWord(word, attributes) });
          text += trail;
          return;
        }
        if (LINE_BREAKING.has(name)) text += '\n';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(content);
  parser.end();
  flush();
  return runs;
}

function markedWord(text: string, attributes: Record<string, string>): MarkedWord {
  const word: MarkedWord = { text };
  const lemma = attributes['data-l']?.trim();
  const reading = attributes['data-r']?.trim();
  if (lemma) word.lemma = lemma;
  if (reading) word.reading = reading;
  return word;
}

/**
 * The text of a chapter's content, as the reader shows it: tags gone, paragraphs and line breaks as line
 * breaks (so no word runs across them), entities decoded.
 */
export function chapterPlainText(content: string): string {
  return chapterRuns(content)
    .map((run) => ('text' in run ? run.text : run.marked.text))
    .join('');
}
