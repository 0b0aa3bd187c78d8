import type { ComponentProps } from 'react';
import { cn } from './cn.ts';
import { FieldMessages } from './FieldMessages.tsx';
import { useFieldIds } from './useFieldIds.ts';

/** The browser's file chooser, its button styled as the design system's, with a touch-sized target. */
export const FILE_INPUT_CLASS =
  'block w-full min-w-0 text-sm break-all text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800 file:ring-1 file:ring-brand-200 file:ring-inset hover:file:bg-brand-100 disabled:cursor-not-allowed disabled:opacity-60';

export interface FileInputProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  label: string;
  hint?: string;
  wrapperClassName?: string;
}

/** A labelled file field with its hint, wired like the design system's Input. */
export function FileInput({ label, hint, id, className, wrapperClassName, ...props }: FileInputProps) {
  const { fieldId, hintId, errorId, describedBy } = useFieldIds({ id, hint });
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', wrapperClassName)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={fieldId}
        type="file"
        aria-describedby={describedBy}
        className={cn(FILE_INPUT_CLASS, className)}
        {...props}
      />
      <FieldMessages hint={hint} hintId={hintId} errorId={errorId} />
    </div>
  );
}
