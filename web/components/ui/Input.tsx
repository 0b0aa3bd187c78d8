import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { FieldMessages } from './FieldMessages.tsx';
import { fieldControlClass } from './fieldStyles.ts';
import { useFieldIds } from './useFieldIds.ts';

export interface InputProps extends Omit<ComponentProps<'input'>, 'children'> {
  /** The visible label (or the accessible name only, with `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  /** Help shown under the field, such as the range a value should fall in. */
  hint?: string;
  /** An error sentence: marks the field aria-invalid and is read with it. */
  error?: string;
  /** Classes for the wrapper around label, field and messages. */
  wrapperClassName?: string;
}

/** A labelled text field whose hint and error are tied to it through aria-describedby. */
export function Input({
  label,
  hideLabel = false,
  hint,
  error,
  id,
  className,
  wrapperClassName,
  'aria-describedby': describedBy,
  ...props
}: InputProps) {
  const {
    fieldId: inputId,
    hintId,
    errorId,
    describedBy: describedByIds,
  } = useFieldIds({
    id,
    hint,
    error,
    describedBy,
  });
  return (
    <div className={cn('flex flex-col gap-1.5', wrapperClassName)}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByIds}
        className={fieldControlClass(Boolean(error), cn('min-h-11', className))}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
