import { describe, expect, it } from 'vitest';
import {
  ADULT_CONTENT_NOTE,
  DEFAULT_DIFFICULTY_PROMPTS,
  DEFAULT_PROMPT_TEMPLATE,
  joinDifficultyPrompts,
  type PromptVariable,
  parseDifficultyPrompts,
  promptLength,
  renderPrompt,
  templateWarnings,
  unknownVariables,
} from './prompts.ts';

const values: Record<PromptVariable, string> = {
  title: 'El faro',
  story_description: 'Una niña cuida un faro con su abuelo.',
  chapter_number: '2',
  chapter_title: 'La tormenta',
  chapter_purpose: 'The storm cuts the power; Lucía lights the lamp by hand.',
  difficulty_prompt: 'Short sentences.',
  level: 'child',
  is_adult: 'no',
  language: 'Spanish',
};

describe('promptLength', () => {
  it('tells how long a prompt will be without making it', () => {
    for (const template of [DEFAULT_PROMPT_TEMPLATE, '{title} {{x}} {unknown} {title}', '', '{{{level}}}']) {
      expect(promptLength(template)(values, false)).toBe(renderPrompt(template, values, false).length);
      expect(promptLength(template)(values, true)).toBeGreaterThanOrEqual(
        renderPrompt(template, values, true).length,
      );
    }
    const repeated = '{difficulty_prompt}'.repeat(500);
    expect(promptLength(repeated)(values, false)).toBe(500 * values.difficulty_prompt.length);
  });
});

describe('renderPrompt', () => {
  it('fills every variable of the default template', () => {
    const prompt = renderPrompt(DEFAULT_PROMPT_TEMPLATE, values, false);
    expect(prompt).toContain(
      'Write chapter 2, "La tormenta", of the graded story "El faro" for learners of Spanish.',
    );
    expect(prompt).toContain('The storm cuts the power');
    expect(prompt).toContain('Reader level: child. Keep to this style guide:\nShort sentences.');
    expect(prompt).not.toMatch(/\{[a-z_]+\}/);
    expect(prompt).not.toContain(ADULT_CONTENT_NOTE);
  });

  it('adds the adult-content note for an adult story', () => {
    expect(renderPrompt('{title}\n\n', values, true)).toBe(`El faro\n\n${ADULT_CONTENT_NOTE}`);
  });

  it('leaves unknown variables as written, and gives literal braces for doubled ones', () => {
    expect(renderPrompt('{title} {tone} {{title}} {not a variable}', values, false)).toBe(
      'El faro {tone} {title} {not a variable}',
    );
  });

  it('fills a value as it is, even one that looks like a variable or a replacement pattern', () => {
    expect(renderPrompt('{title}', { ...values, title: '{level} $& $1' }, false)).toBe('{level} $& $1');
  });

  it('treats names of object properties as unknown variables', () => {
    expect(renderPrompt('{constructor}{__proto__}', values, false)).toBe('{constructor}{__proto__}');
    expect(unknownVariables('{constructor} {__proto__} {toString}')).toEqual([
      'constructor',
      '__proto__',
      'toString',
    ]);
  });
});

describe('templateWarnings', () => {
  it('names each unknown variable once, and none for the default template', () => {
    expect(templateWarnings(DEFAULT_PROMPT_TEMPLATE)).toEqual([]);
    expect(templateWarnings('{tone} {title} {tone} {{escaped}}')).toEqual([
      expect.stringMatching(
        /^The prompt template uses an unknown variable, left as written: \{tone\}\. Known: \{title\}/,
      ),
    ]);
    expect(templateWarnings('{a} {b}')[0]).toContain('unknown variables, left as written: {a}, {b}.');
  });
});

describe('difficulty prompts on the wire', () => {
  it("round-trips the five guides as 'level: text' lines", () => {
    const joined = joinDifficultyPrompts(DEFAULT_DIFFICULTY_PROMPTS);
    expect(joined.split('\n').map((line) => line.split(':')[0])).toEqual([
      'infant',
      'child',
      'teen',
      'adult',
      'expert',
    ]);
    expect(parseDifficultyPrompts(joined)).toEqual({ prompts: DEFAULT_DIFFICULTY_PROMPTS, warnings: [] });
  });

  it('reads guides over several lines, any case, and keeps the default of a level not sent', () => {
    const { prompts, warnings } = parseDifficultyPrompts('Teen: First line.\nSecond line.\n\nEXPERT:Free.\n');
    expect(prompts.teen).toBe('First line.\nSecond line.');
    expect(prompts.expert).toBe('Free.');
    expect(prompts.infant).toBe(DEFAULT_DIFFICULTY_PROMPTS.infant);
    expect(warnings).toEqual([]);
  });

  it('warns about text before the first level, and keeps the default of a level sent empty', () => {
    const { prompts, warnings } = parseDifficultyPrompts('hello\nchild:   \nadult: Mine.');
    expect(prompts.child).toBe(DEFAULT_DIFFICULTY_PROMPTS.child);
    expect(prompts.adult).toBe('Mine.');
    expect(warnings).toEqual([expect.stringContaining('text before the first "level:" line was ignored')]);
  });
});
