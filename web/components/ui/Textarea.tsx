import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { FieldMessages } from './FieldMessages.tsx';
import { fieldControlClass } from './fieldStyles.ts';
import { useFieldIds } from './useFieldIds.ts';

export interface TextareaProps extends Omit<ComponentProps<'textarea'>, 'children'> {
  label: string;
  hint?: string;
  error?: string;
  wrapperClassName?: string;
}

/** A labelled multi-line field, styled and wired like the design system's Input. */
export function Textarea({ label, hint, error, id, className, wrapperClassName, ...props }: TextareaProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds({ id, hint, error });
  return (
    <div className={cn('flex flex-col gap-1.5', wrapperClassName)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldControlClass(Boolean(error), className)}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
