import { type ReactNode, useId } from 'react';
import { Card } from '#web/components/ui/Card.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { FieldMessages } from '#web/components/ui/FieldMessages.tsx';
import { fieldControlClass } from '#web/components/ui/fieldStyles.ts';
import { useFieldIds } from '#web/components/ui/useFieldIds.ts';

/**
 * The visible mark of a required answer. Screen readers skip it: the field itself says "required"
 * (required or aria-required), and the note at the top of the form explains the asterisk.
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 font-semibold text-red-700">
      {/* A word joiner: the mark never wraps onto a line of its own after a question mark. */}
      {'\u2060*'}
    </span>
  );
}

/**
 * One section of the form: a card whose legend is the section's heading. Disabling it disables every field in
 * it (a disabled fieldset), which is how the form goes quiet while it is being sent.
 */
export function FormSection({
  title,
  isDisabled,
  children,
}: {
  title: string;
  isDisabled: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <fieldset disabled={isDisabled} className="min-w-0">
        {/* Floated so the legend lays out like a block heading, not inset into the fieldset's edge. */}
        <legend className="float-left mb-5 w-full">
          <h2 className="text-lg font-semibold text-slate-900 sm:text-xl">{title}</h2>
        </legend>
        <div className="clear-left grid gap-5 sm:grid-cols-2">{children}</div>
      </fieldset>
    </Card>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  isRequired?: boolean;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  placeholder?: string;
  hint?: string;
  error?: string;
  /** A long answer spans both columns on wide screens. */
  isWide?: boolean;
}

/** A labelled one-line or multi-line answer, its hint and error tied to it through aria-describedby. */
export function TextField({
  id,
  label,
  value,
  onChange,
  maxLength,
  isRequired = false,
  rows,
  type = 'text',
  autoComplete,
  placeholder,
  hint,
  error,
  isWide = false,
}: TextFieldProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds({ id, hint, error });
  const shared = {
    id: fieldId,
    name: id,
    value,
    maxLength,
    placeholder,
    required: isRequired,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className={cn('flex flex-col gap-1.5', isWide && 'sm:col-span-2')}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {label}
        {isRequired ? <RequiredMark /> : null}
      </label>
      {rows ? (
        <textarea
          {...shared}
          rows={rows}
          onChange={(event) => onChange(event.target.value)}
          className={fieldControlClass(Boolean(error), 'resize-y')}
        />
      ) : (
        <input
          {...shared}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          className={fieldControlClass(Boolean(error), 'min-h-11')}
        />
      )}
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
  /** A second, smaller line under the label (the picker's English language names). */
  secondary?: string;
  /** The label's language, when it differs from the page's. */
  lang?: string;
}

interface ChoiceGroupProps {
  /** The radios' shared name. */
  name: string;
  legend: string;
  choices: readonly Choice[];
  value: string | null;
  onChange: (value: string) => void;
  isRequired?: boolean;
  isDisabled?: boolean;
  hint?: string;
  error?: string;
  /** Classes for the row of choices (its columns). */
  choicesClassName?: string;
  isWide?: boolean;
}

/**
 * A radio group (fieldset and legend, role radiogroup): arrow keys move between the choices, each a large
 * target. Its error marks every radio invalid and is read with whichever one takes the focus.
 */
export function ChoiceGroup({
  name,
  legend,
  choices,
  value,
  onChange,
  isRequired = false,
  isDisabled,
  hint,
  error,
  choicesClassName = 'flex flex-wrap gap-3',
  isWide = false,
}: ChoiceGroupProps) {
  const messagesId = useId();
  const hintId = `${messagesId}-hint`;
  const errorId = `${messagesId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      // A fieldset is a plain group to assistive technology; the role says one answer is picked, and lets the
      // group carry aria-required. ARIA in HTML allows radiogroup on a fieldset.
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: radiogroup is an allowed fieldset role
      role="radiogroup"
      aria-required={isRequired || undefined}
      aria-invalid={error ? true : undefined}
      disabled={isDisabled}
      className={cn('flex min-w-0 flex-col gap-2', isWide && 'sm:col-span-2')}
    >
      <legend className="float-left mb-2 w-full text-sm font-medium text-slate-800">
        {legend}
        {isRequired ? <RequiredMark /> : null}
      </legend>
      <div className={cn('clear-left', choicesClassName)}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'flex min-h-11 min-w-24 cursor-pointer items-center gap-3 rounded-lg border bg-white px-4 py-2 text-base text-slate-900 shadow-sm',
              'has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
              'has-disabled:cursor-not-allowed has-disabled:opacity-60',
              error ? 'border-red-600' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-label={choice.secondary ? `${choice.label} (${choice.secondary})` : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              className="size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
            />
            <span className="flex flex-col leading-tight">
              <span lang={choice.lang}>{choice.label}</span>
              {choice.secondary ? (
                <span lang="en" className="text-xs text-slate-600">
                  {choice.secondary}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </fieldset>
  );
}

interface CheckboxGroupProps<Name extends string> {
  legend: string;
  hint?: string;
  boxes: readonly { name: Name; label: string; checked: boolean }[];
  onChange: (name: Name, checked: boolean) => void;
}

/** A set of independent checkboxes under one question. */
export function CheckboxGroup<Name extends string>({
  legend,
  hint,
  boxes,
  onChange,
}: CheckboxGroupProps<Name>) {
  const hintId = useId();
  return (
    <fieldset
      aria-describedby={hint ? hintId : undefined}
      className="flex min-w-0 flex-col gap-2 sm:col-span-2"
    >
      <legend className="float-left w-full text-sm font-medium text-slate-800">{legend}</legend>
      {hint ? (
        <p id={hintId} className="clear-left text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <div className="clear-left grid gap-3 sm:grid-cols-3">
        {boxes.map((box) => (
          <label
            key={box.name}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2 text-base text-slate-900 shadow-sm',
              'has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
              'has-disabled:cursor-not-allowed has-disabled:opacity-60',
            )}
          >
            <input
              type="checkbox"
              name={box.name}
              checked={box.checked}
              onChange={(event) => onChange(box.name, event.target.checked)}
              className="size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
            />
            <span className="leading-tight">{box.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
