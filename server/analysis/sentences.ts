// A chapter's sentences as the reader's words make them (issue 23, decision 077): the content read as the
// reader reads it (markup.ts), its words cut by the same rules (common/words.ts, or the stored analysed words
// matched to the text as the reader matches them, common/analysedWords.ts; a word the author marked whole),
// then cut into sentences named by word index (common/sentences.ts).
import { AnalysedWords } from '#common/analysedWords.ts';
import { type Sentence, sentencesOf } from '#common/sentences.ts';
import { splitWords, type WordPiece } from '#common/words.ts';
import { chapterRuns } from './markup.ts';
import type { StoredWord } from './service.ts';

/** The chapter's pieces in reading order: its words and what lies between them, line breaks included. */
export function chapterPieces(
  content: string,
  languageCode: string,
  stored?: readonly StoredWord[],
): WordPiece[] {
  const analysed =
    stored && stored.length > 0 ? new AnalysedWords(stored.map((word) => ({ text: word.t }))) : undefined;
  const pieces: WordPiece[] = [];
  for (const run of chapterRuns(content)) {
    if ('marked' in run) {
      analysed?.take(run.marked.text);
      pieces.push({ text: run.marked.text, word: true });
    } else {
      const found = analysed ? analysed.pieces(run.text, languageCode) : splitWords(run.text, languageCode);
      for (const { text, word } of found) pieces.push({ text, word });
    }
  }
  return pieces;
}

/** The chapter's sentences, each by its first and last word in the reader's word order. */
export function chapterSentences(
  content: string,
  languageCode: string,
  stored?: readonly StoredWord[],
): Sentence[] {
  return sentencesOf(chapterPieces(content, languageCode, stored), languageCode);
}
