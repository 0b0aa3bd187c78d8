import { describe, expect, it } from 'vitest';
import { chapter, story } from '../testing.tsx';
import { canRemoveChapter, type Draft, draftFromServer, reduceDraft } from './draft.ts';

function loaded(): Draft {
  return draftFromServer(story(), [
    chapter({ id: 32, title: 'Dos', order_index: 1, chapter_number: 2 }),
    chapter({ id: 31, title: 'Uno', order_index: 0, chapter_number: 1 }),
    chapter({ id: 33, title: 'Tres', order_index: 2, chapter_number: 3 }),
  ]);
}

const titles = (draft: Draft) => draft.chapters.map((item) => item.title);

describe('the story editor draft', () => {
  it('sorts chapters by order_index on load, selects the first, and starts clean', () => {
    const draft = loaded();
    expect(titles(draft)).toEqual(['Uno', 'Dos', 'Tres']);
    expect(draft.selectedKey).toBe('saved-31');
    expect(draft.isDirty).toBe(false);
    expect(draft.saved.order).toEqual([31, 32, 33]);
  });

  it('sets the unsaved flag on every kind of edit, and not on selecting a chapter', () => {
    const draft = loaded();
    expect(reduceDraft(draft, { type: 'select-chapter', key: 'saved-32' }).isDirty).toBe(false);
    const file = new File(['x'], 'a.webm', { type: 'audio/webm' });
    for (const edited of [
      reduceDraft(draft, { type: 'edit-story', patch: { title: 'Otro' } }),
      reduceDraft(draft, { type: 'pick-cover', file: new File(['x'], 'c.webp') }),
      reduceDraft(draft, { type: 'remove-cover' }),
      reduceDraft(draft, { type: 'add-chapter', clientKey: 'new-chapter-1' }),
      reduceDraft(draft, { type: 'remove-chapter', key: 'saved-32' }),
      reduceDraft(draft, { type: 'move-chapter', key: 'saved-31', toIndex: 2 }),
      reduceDraft(draft, { type: 'edit-chapter', key: 'saved-31', patch: { content: 'Hola' } }),
      reduceDraft(draft, {
        type: 'set-pending-audio',
        key: 'saved-31',
        pending: { file, durationSeconds: 3 },
      }),
      reduceDraft(draft, { type: 'remove-audio', key: 'saved-31' }),
    ]) {
      expect(edited.isDirty).toBe(true);
    }
  });

  it('appends a new chapter titled by its number and selects it', () => {
    const draft = reduceDraft(loaded(), { type: 'add-chapter', clientKey: 'new-chapter-1' });
    expect(titles(draft)).toEqual(['Uno', 'Dos', 'Tres', 'Chapter 4']);
    expect(draft.selectedKey).toBe('new-chapter-1');
    expect(draft.chapters.at(-1)).toMatchObject({ id: undefined, clientKey: 'new-chapter-1', content: '' });
  });

  it('moves a chapter to a new index, clamped to the list', () => {
    const draft = loaded();
    expect(titles(reduceDraft(draft, { type: 'move-chapter', key: 'saved-33', toIndex: 0 }))).toEqual([
      'Tres',
      'Uno',
      'Dos',
    ]);
    expect(titles(reduceDraft(draft, { type: 'move-chapter', key: 'saved-31', toIndex: 99 }))).toEqual([
      'Dos',
      'Tres',
      'Uno',
    ]);
  });

  it('remembers a removed saved chapter for deletion, forgets a removed new one, and selects a neighbour', () => {
    let draft = reduceDraft(loaded(), { type: 'add-chapter', clientKey: 'new-chapter-1' });
    draft = reduceDraft(draft, { type: 'remove-chapter', key: 'new-chapter-1' });
    expect(draft.deletedIds).toEqual([]);
    expect(draft.selectedKey).toBe('saved-33');
    draft = reduceDraft(draft, { type: 'remove-chapter', key: 'saved-33' });
    expect(draft.deletedIds).toEqual([33]);
    expect(draft.selectedKey).toBe('saved-32');
  });

  it('never removes the last chapter', () => {
    let draft = draftFromServer(story(), [chapter()]);
    expect(canRemoveChapter(draft)).toBe(false);
    draft = reduceDraft(draft, { type: 'remove-chapter', key: 'saved-31' });
    expect(draft.chapters).toHaveLength(1);
    expect(draft.isDirty).toBe(false);
  });

  it('drops a picked cover without touching the saved one, and removes both on remove', () => {
    const draft = draftFromServer(story({ cover_image_url: '/media/story-images/stories/a.webp' }), []);
    const picked = reduceDraft(draft, { type: 'pick-cover', file: new File(['x'], 'c.webp') });
    expect(reduceDraft(picked, { type: 'pick-cover', file: undefined }).cover).toEqual({
      url: '/media/story-images/stories/a.webp',
      pending: undefined,
    });
    expect(reduceDraft(picked, { type: 'remove-cover' }).cover).toEqual({ url: null, pending: undefined });
  });

  it('records what a save did without clearing the unsaved flag', () => {
    let draft = reduceDraft(loaded(), { type: 'add-chapter', clientKey: 'new-chapter-1' });
    draft = reduceDraft(draft, {
      type: 'chapter-saved',
      key: 'new-chapter-1',
      chapter: chapter({ id: 40, title: 'Chapter 4', order_index: 1 }),
    });
    expect(draft.chapters.at(-1)?.id).toBe(40);
    expect(draft.saved.order).toEqual([31, 40, 32, 33]);
    draft = reduceDraft(draft, { type: 'chapter-deleted', id: 32 });
    expect(draft.saved.order).toEqual([31, 40, 33]);
    expect(draft.saved.chapters.has(32)).toBe(false);
    expect(draft.isDirty).toBe(true);
  });
});
