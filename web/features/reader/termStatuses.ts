import { type TermStatus, termOf } from '#common/terms.ts';

/** How a status is written on a word's span (data-s), short, as a chapter has thousands of them. */
export const STATUS_MARKS: Readonly<Record<TermStatus, string>> = {
  'learning-1': '1',
  'learning-2': '2',
  'learning-3': '3',
  'learning-4': '4',
  known: 'k',
  ignored: 'i',
};

type Listener = (term: string) => void;

/**
 * The learner's statuses of a chapter's terms (issue 22), shared by the text and the word panel: a word's term
 * (its dictionary form where the server knows one, else its own key), each term's status (none: new), and a
 * way to hear of each change, so every occurrence on the page follows at once.
 */
export class TermStatuses {
  private readonly statuses: Map<string, TermStatus>;
  private readonly listeners = new Set<Listener>();

  constructor(
    readonly language: string,
    private readonly terms: Readonly<Record<string, string>>,
    initial: Readonly<Record<string, TermStatus>>,
  ) {
    this.statuses = new Map(Object.entries(initial));
  }

  /** The term of a word as written (its dictionary form's key where the chapter names one). */
  termOf(word: string): string | undefined {
    const key = termOf(word, this.language);
    return key === undefined ? undefined : (this.terms[key] ?? key);
  }

  statusOf(term: string): TermStatus | undefined {
    return this.statuses.get(term);
  }

  /** Sets (or, with undefined, clears) a term's status here, and tells every listener. */
  set(term: string, status: TermStatus | undefined): void {
    if (this.statuses.get(term) === status) return;
    if (status) this.statuses.set(term, status);
    else this.statuses.delete(term);
    for (const listener of this.listeners) listener(term);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
