// A chapter's sentences in the browser (issue 23): for the device's voice, where the chapter has no recording
// and so no timings from the server. The same rules as the server's (server/analysis/sentences.ts, markup.ts):
// the content's text runs with paragraphs and line breaks as line breaks, a word the author marked taken whole,
// the words cut as the reader cuts them, then common/sentences.ts; text.test.ts holds both sides together.
import { AnalysedWords } from '#common/analysedWords.ts';
import type { ChapterWord } from '#common/schemas/reading.ts';
import { type Sentence, sentencesOf } from '#common/sentences.ts';
import { isChapterHtml } from '#common/stories.ts';
import { splitWords, type WordPiece } from '#common/words.ts';

type Run = { text: string } | { marked: string };

/** The runs of an HTML chapter as the server's chapterRuns reads them. */
function htmlRuns(content: string): Run[] {
  const runs: Run[] = [];
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (element.localName === 'span' && element.hasAttribute('data-w')) {
      const whole = element.textContent ?? '';
      const word = whole.trim();
      text += whole.slice(0, whole.length - whole.trimStart().length);
      if (word !== '') {
        if (text !== '') runs.push({ text });
        text = '';
        runs.push({ marked: word });
      }
      text += whole.slice(whole.trimEnd().length);
      return;
    }
    for (const child of element.childNodes) walk(child);
    if (element.localName === 'p' || element.localName === 'br') text += '\n';
  };
  for (const child of new DOMParser().parseFromString(content, 'text/html').body.childNodes) walk(child);
  if (text !== '') runs.push({ text });
  return runs;
}

/** The chapter's sentences, each by its first and last word in the reader's word order, with its text. */
export function readerSentences(
  content: string,
  language: string,
  words?: readonly ChapterWord[],
): Sentence[] {
  const analysed = words && words.length > 0 ? new AnalysedWords(words) : undefined;
  const runs: Run[] = isChapterHtml(content) ? htmlRuns(content) : [{ text: content }];
  const pieces: WordPiece[] = [];
  for (const run of runs) {
    if ('marked' in run) {
      analysed?.take(run.marked);
      pieces.push({ text: run.marked, word: true });
    } else {
      const found = analysed ? analysed.pieces(run.text, language) : splitWords(run.text, language);
      for (const { text, word } of found) pieces.push({ text, word });
    }
  }
  return sentencesOf(pieces, language);
}
