import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DIFFICULTY_PROMPTS } from '#common/prompts.ts';
import {
  DEFAULT_PROMPTS,
  importSummary,
  loadPrompts,
  moreChapters,
  previewSummary,
  promptsProblem,
  savePrompts,
} from './import.ts';

const counts = (overrides = {}) => ({
  created_stories: 0,
  updated_stories: 0,
  created_chapters: 0,
  updated_chapters: 0,
  total_chapters: 4,
  warnings: [],
  ...overrides,
});

describe('the bulk import tab’s sentences', () => {
  it('counts the chapters the preview leaves out', () => {
    expect(moreChapters(22, 15)).toBe('... and 7 more chapters');
    expect(moreChapters(16, 15)).toBe('... and 1 more chapter');
    expect(moreChapters(15, 15)).toBeUndefined();
  });

  it('says what an import would do, naming only what changes', () => {
    expect(previewSummary(counts({ created_stories: 2, created_chapters: 4 }))).toBe(
      'Importing will create 2 stories and 4 chapters (4 chapters in the workbook).',
    );
    expect(previewSummary(counts({ updated_stories: 1, created_chapters: 1, updated_chapters: 2 }))).toBe(
      'Importing will create 1 chapter and update 1 story and 2 chapters (4 chapters in the workbook).',
    );
    expect(previewSummary(counts())).toBe(
      'Nothing to change: the 4 chapters of this workbook are already imported as they are.',
    );
    expect(previewSummary(counts({ total_chapters: 1 }))).toBe(
      'Nothing to change: the 1 chapter of this workbook is already imported as it is.',
    );
  });
});

describe('the import’s summary', () => {
  it('says what an import did', () => {
    expect(importSummary(counts({ created_stories: 2, created_chapters: 4 }))).toBe(
      'Created 2 stories and 4 chapters.',
    );
    expect(importSummary(counts({ updated_chapters: 1 }))).toBe('Updated 1 chapter.');
    expect(importSummary(counts())).toBe('Nothing changed: the workbook was already imported as it is.');
  });
});

describe('the admin’s prompts', () => {
  beforeEach(() => window.localStorage.clear());

  it('come back as saved, and as the defaults when the storage holds something else', () => {
    expect(loadPrompts()).toEqual(DEFAULT_PROMPTS);
    const mine = { ...DEFAULT_PROMPTS, template: 'Write {chapter_title}.' };
    savePrompts(mine);
    expect(loadPrompts()).toEqual(mine);
    window.localStorage.setItem('catamaran:bulk-import-prompts', '{"template": 3}');
    expect(loadPrompts()).toEqual(DEFAULT_PROMPTS);
    window.localStorage.setItem('catamaran:bulk-import-prompts', 'not json');
    expect(loadPrompts()).toEqual(DEFAULT_PROMPTS);
  });

  it('are refused before sending when longer than the server takes', () => {
    expect(promptsProblem(DEFAULT_PROMPTS)).toBeUndefined();
    expect(promptsProblem({ ...DEFAULT_PROMPTS, template: 'x'.repeat(10_001) })).toBe(
      'The prompt template is longer than 10,000 characters.',
    );
    const long = { ...DEFAULT_DIFFICULTY_PROMPTS, expert: 'x'.repeat(30_000) };
    expect(promptsProblem({ ...DEFAULT_PROMPTS, difficulty: long })).toBe(
      'The difficulty prompts are longer than 30,000 characters in all.',
    );
  });
});
