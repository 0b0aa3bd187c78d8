// The words the server found in a chapter of a language written without spaces (Japanese, Chinese: issue 21),
// matched to the chapter's text in reading order, as the reader shows them and as the server counts sentences
// for read-along (issue 23): both must see the same words in the same order.
import { splitWords, type WordPiece } from './words.ts';

/** A piece of text, with the server's word when the piece is one of the analysed words. */
export interface AnalysedPiece<W extends { text: string }> extends WordPiece {
  analysed?: W;
}

/**
 * The words the server found in a chapter, taken in reading order as the text's runs are met: each run is matched
 * against the next words, and a stretch no word matches (text the analysis did not see as the reader does) is
 * cut by ICU's word boundaries instead, so the text always shows whole.
 */
export class AnalysedWords<W extends { text: string }> {
  private next = 0;

  constructor(private readonly words: readonly W[]) {}

  pieces(text: string, languageCode: string): AnalysedPiece<W>[] {
    const pieces: AnalysedPiece<W>[] = [];
    let position = 0;
    while (position < text.length) {
      const at = this.find(text, position);
      const word = this.words[this.next];
      if (!word || at === -1) break;
      if (at > position) pieces.push(...splitWords(text.slice(position, at), languageCode));
      pieces.push({ text: word.text, word: true, analysed: word });
      this.next += 1;
      position = at + word.text.length;
    }
    if (position < text.length) pieces.push(...splitWords(text.slice(position), languageCode));
    return pieces;
  }

  /**
   * Where the next word is in the text from `position`, -1 if not there. A word the text does not have (the
   * server read something otherwise) is stepped over when one of the few after it is there, so one
   * disagreement costs a word, not the rest of the chapter.
   */
  private find(text: string, position: number): number {
    for (let skipped = 0; skipped <= RESYNC_WORDS; skipped++) {
      const word = this.words[this.next + skipped];
      if (!word) return -1;
      const at = text.indexOf(word.text, position);
      if (at !== -1 && (skipped === 0 || at - position < RESYNC_DISTANCE)) {
        this.next += skipped;
        return at;
      }
    }
    return -1;
  }

  /**
   * The server's word for a word the author marked (the server keeps it whole too, server/analysis/markup.ts);
   * words the server made of its text, had it cut it, are taken with it.
   */
  take(text: string): W | undefined {
    const word = this.words[this.next];
    if (word?.text === text) {
      this.next += 1;
      return word;
    }
    let joined = '';
    let end = this.next;
    while (joined.length < text.length && end < this.words.length) joined += this.words[end++]?.text ?? '';
    if (joined === text) this.next = end;
    return undefined;
  }
}

/** How many of the server's words may be stepped over to find the text again, and within how many characters. */
const RESYNC_WORDS = 3;
const RESYNC_DISTANCE = 40;
