import { useId, useState } from 'react';
import { PROMPT_VARIABLES } from '#common/prompts.ts';
import { DIFFICULTIES, type Difficulty } from '#common/stories.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { DisclosureButton } from '#web/components/ui/DisclosureButton.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { difficultyLabel } from '#web/features/library/difficulty.ts';
import { type BulkPrompts, DEFAULT_PROMPTS, isDefault } from './import.ts';

const VARIABLES_HINT =
  `Variables: ${PROMPT_VARIABLES.map((name) => `{${name}}`).join(', ')}. ` +
  'Write {{ and }} for a literal brace. Stories marked adult get a note on adult content added at the end.';

/** The generation prompts an import writes with: a style guide per level and the template, the admin's to change. */
export function PromptFields({
  prompts,
  onChange,
  disabled,
}: {
  prompts: BulkPrompts;
  onChange: (prompts: BulkPrompts) => void;
  disabled: boolean;
}) {
  const headingId = useId();
  const contentId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const isDefaultWording = isDefault(prompts);
  const setLevel = (level: Difficulty, text: string) =>
    onChange({ ...prompts, difficulty: { ...prompts.difficulty, [level]: text } });
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            <DisclosureButton
              isOpen={isOpen}
              onToggle={() => setIsOpen((open) => !open)}
              controls={contentId}
              className="-ml-1"
            >
              Generation prompts
            </DisclosureButton>
          </h3>
          <p className="text-sm text-slate-600">
            {isDefaultWording
              ? "The default style guide per level, and the template each chapter's prompt is made from."
              : "Your own wording, kept in this browser: a style guide per level and the template each chapter's prompt is made from."}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="max-sm:min-h-11"
          disabled={disabled || isDefaultWording}
          onClick={() => onChange(DEFAULT_PROMPTS)}
        >
          Restore defaults
        </Button>
      </div>
      <div id={contentId} hidden={!isOpen}>
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 lg:grid-cols-2">
            {DIFFICULTIES.map((level) => (
              <Textarea
                key={level}
                label={`${difficultyLabel(level)} prompt`}
                rows={5}
                value={prompts.difficulty[level]}
                onChange={(event) => setLevel(level, event.target.value)}
                disabled={disabled}
                className="resize-y text-sm"
              />
            ))}
          </div>
          <Textarea
            label="Prompt template"
            rows={10}
            value={prompts.template}
            onChange={(event) => onChange({ ...prompts, template: event.target.value })}
            disabled={disabled}
            hint={VARIABLES_HINT}
            className="resize-y font-mono text-sm"
          />
        </div>
      </div>
    </section>
  );
}
