import { describe, expect, it } from 'vitest';
import { ACTIVE_LANGUAGES_TRUSTED_MS, ActiveLanguageList } from './active-list.ts';
import type { Language } from './service.ts';

const spanish: Language = { id: 1, code: 'es', name: 'Spanish', nativeName: 'Español', isActive: true };
const french: Language = { id: 2, code: 'fr', name: 'French', nativeName: 'Français', isActive: true };

/** A database stand-in: each read waits until the test lets it answer the list it holds then. */
function database(first: Language[]) {
  let list = first;
  const pending: (() => void)[] = [];
  let reads = 0;
  return {
    read: () => {
      reads += 1;
      const answer = list;
      return new Promise<Language[]>((resolve) => pending.push(() => resolve(answer)));
    },
    set: (next: Language[]) => {
      list = next;
    },
    answerAll: async () => {
      for (const answer of pending.splice(0)) answer();
      await new Promise((resolve) => setImmediate(resolve));
    },
    get reads() {
      return reads;
    },
  };
}

describe('ActiveLanguageList', () => {
  it('reads once for many callers, then answers from memory as the presented JSON', async () => {
    const db = database([spanish]);
    const list = new ActiveLanguageList(db.read);

    const answers = [list.json(), list.json(), list.json()];
    await db.answerAll();

    expect(db.reads).toBe(1);
    for (const answer of await Promise.all(answers)) {
      expect(JSON.parse(answer)).toEqual([{ id: 1, code: 'es', name: 'Spanish', native_name: 'Español' }]);
    }
    expect(typeof list.json()).toBe('string');
    expect(db.reads).toBe(1);
  });

  it('never puts back a list read before an edit it was told to forget', async () => {
    const db = database([spanish]);
    const list = new ActiveLanguageList(db.read);
    const stale = list.read();
    db.set([spanish, french]);

    list.forget();
    const fresh = list.json();
    await db.answerAll();
    await stale;

    expect(JSON.parse(await fresh)).toHaveLength(2);
    expect(JSON.parse(list.json() as string)).toHaveLength(2);
  });

  it('reads the database again once its list is older than a minute (a server cut off from it)', async () => {
    let now = 1_000_000;
    const db = database([spanish]);
    const list = new ActiveLanguageList(db.read, () => now);
    const first = list.json();
    await db.answerAll();
    await first;

    now += ACTIVE_LANGUAGES_TRUSTED_MS;
    expect(typeof list.json()).toBe('string');
    now += 1;
    const again = list.json();

    expect(again).toBeInstanceOf(Promise);
    expect(db.reads).toBe(2);
    await db.answerAll();
    await again;
  });

  it('keeps the last list when a read fails', async () => {
    let failing = false;
    const list = new ActiveLanguageList(async () => {
      if (failing) throw new Error('the database is not answering');
      return [spanish];
    });
    await list.read();
    failing = true;

    await expect(list.read()).rejects.toThrow('not answering');
    expect(JSON.parse(list.json() as string)).toHaveLength(1);
  });
});
