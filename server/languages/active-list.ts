// The languages learners may choose, kept in memory (issue 25, decision 092): every page that offers a language
// asks for this list, which changes only when an administrator edits a language.
import type { Database } from '#server/db/client.ts';
import { everyInterval } from '#server/jobs/every.ts';
import { presentLanguage } from './present.ts';
import { type Language, listActiveLanguages } from './service.ts';

/** How often each server reads the list again, to see an edit made on another server (or in the database). */
export const ACTIVE_LANGUAGES_POLL_MS = 2_000;
/**
 * The longest a list read from the database is answered without reading it again: the answer's own
 * `max-age=60` lets any cache on the way keep it as long. Past it (a server cut off from its database while
 * others may still edit), each request reads the database as before, and answers 503 when it cannot.
 */
export const ACTIVE_LANGUAGES_TRUSTED_MS = 60_000;

/**
 * The answer to GET /api/languages/, as JSON text, read from the database at most once per poll: an edit through
 * this server's admin routes is answered at the next request (`forget`), an edit on another server within a
 * poll. While the database does not answer, the last list is still answered for up to a minute: nobody can
 * change the languages meanwhile.
 */
export class ActiveLanguageList {
  private answer: string | undefined;
  private readAtMs = 0;
  /** Moved by `forget`, so a read that began before an edit cannot put the older list back. */
  private generation = 0;
  private reading: Promise<string> | undefined;

  constructor(
    private readonly readLanguages: () => Promise<Language[]>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The list of the database's active languages. */
  static of(db: Database): ActiveLanguageList {
    return new ActiveLanguageList(() => listActiveLanguages(db));
  }

  /** The list as JSON: from memory when it was read recently, else from the database (once for many callers). */
  json(): string | Promise<string> {
    if (this.answer !== undefined && this.now() - this.readAtMs <= ACTIVE_LANGUAGES_TRUSTED_MS)
      return this.answer;
    return this.read();
  }

  /** Reads the list now (the poll, and a request that finds none in memory). */
  read(): Promise<string> {
    if (this.reading) return this.reading;
    const generation = this.generation;
    const reading = this.readLanguages()
      .then((list) => {
        const answer = JSON.stringify(list.map(presentLanguage));
        if (generation === this.generation) {
          this.answer = answer;
          this.readAtMs = this.now();
        }
        return answer;
      })
      .finally(() => {
        if (this.reading === reading) this.reading = undefined;
      });
    this.reading = reading;
    return reading;
  }

  /** After an edit of the languages through this server: the next request reads them again. */
  forget(): void {
    this.generation += 1;
    this.answer = undefined;
    this.reading = undefined;
  }

  /** Reads the list every `pollMs` until stopped; a failed read keeps what was known. */
  follow(pollMs: number, onError: (error: unknown) => void): { stop: () => Promise<void> } {
    return everyInterval(() => this.read(), { intervalMs: pollMs, onError });
  }
}
