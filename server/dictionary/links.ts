// The words a dump links its forms to without giving them an entry (a form-of line for 'abluer' in a dump
// without abluer): counted for the import's summary once its tables are in.
import type pg from 'pg';
import { entriesTable, formsTable } from './store.ts';

/**
 * The distinct words linked to, kept while they are few enough to hold (a language's dump links to some tens
 * of thousands); past that, the count is made from the import's tables instead.
 */
export const MAX_KEPT_LINK_TARGETS = 500_000;

/** The words an import's forms link to, gathered batch by batch. */
export class LinkTargets {
  private readonly lemmas = new Set<string>();
  private isOverflowing = false;

  add(entries: readonly { lemma: string; forms: readonly { lemma: string }[] }[]): void {
    if (this.isOverflowing) return;
    for (const entry of entries) {
      for (const form of entry.forms) {
        if (form.lemma === entry.lemma) continue;
        this.keep(form.lemma);
        if (this.isOverflowing) return;
      }
    }
  }

  /** The words gathered, or null past MAX_KEPT_LINK_TARGETS: what crosses from the thread that gathered them. */
  export(): string[] | null {
    return this.isOverflowing ? null : [...this.lemmas];
  }

  /** The targets other LinkTargets exported, together. */
  static of(exported: readonly (string[] | null)[]): LinkTargets {
    const targets = new LinkTargets();
    for (const lemmas of exported) {
      if (lemmas === null) targets.overflow();
      else for (const lemma of lemmas) targets.keep(lemma);
      if (targets.isOverflowing) break;
    }
    return targets;
  }

  private keep(lemma: string): void {
    if (this.isOverflowing) return;
    this.lemmas.add(lemma);
    if (this.lemmas.size > MAX_KEPT_LINK_TARGETS) this.overflow();
  }

  private overflow(): void {
    this.isOverflowing = true;
    this.lemmas.clear();
  }

  /**
   * Whether the words are counted from the import's entries alone (`countMissing` can then run in the entries'
   * load transaction); past MAX_KEPT_LINK_TARGETS the count needs the forms too, and so their committed table.
   */
  get isCountedFromEntries(): boolean {
    return !this.isOverflowing;
  }

  /**
   * How many of the linked words have no entry in the import's tables (committed, attached or not; or the
   * entries' load transaction, when isCountedFromEntries).
   */
  async countMissing(pool: pg.Pool | pg.PoolClient, importId: number): Promise<number> {
    const entries = entriesTable(importId);
    if (this.isOverflowing) {
      // Every form that is not a link leads to its own entry, so only links can lead nowhere.
      const { rows } = await pool.query<{ missing: number }>(
        `SELECT count(DISTINCT f.lemma)::integer AS missing FROM ${formsTable(importId)} f
         WHERE NOT EXISTS (SELECT 1 FROM ${entries} e WHERE e.lemma = f.lemma)`,
      );
      return rows[0]?.missing ?? 0;
    }
    if (this.lemmas.size === 0) return 0;
    const { rows } = await pool.query<{ missing: number }>(
      `SELECT count(*)::integer AS missing FROM unnest($1::text[]) AS linked (lemma)
       WHERE NOT EXISTS (SELECT 1 FROM ${entries} e WHERE e.lemma = linked.lemma)`,
      [[...this.lemmas]],
    );
    return rows[0]?.missing ?? 0;
  }
}
