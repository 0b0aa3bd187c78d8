import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { FieldMessages } from './FieldMessages.tsx';
import { useFieldIds } from './useFieldIds.ts';

export interface SelectOption {
  /** Must not be the empty string (Radix reserves it for "no value"; use `placeholder` instead). */
  value: string;
  label: string;
  /** What the closed select shows once this option is chosen, when it should be shorter than the list's label. */
  triggerLabel?: ReactNode;
  disabled?: boolean;
}

export interface SelectProps {
  /** The visible label (or the accessible name only, with `hideLabel`). */
  label: string;
  hideLabel?: boolean;
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Submits the value with a form under this name (Radix renders a hidden native select). */
  name?: string;
  disabled?: boolean;
  required?: boolean;
  hint?: string;
  error?: string;
  id?: string;
  /** Classes for the wrapper around label, trigger and messages. */
  className?: string;
  triggerClassName?: string;
}

/**
 * A labelled single-choice list (Radix Select): keyboard, typeahead and screen-reader support included. The
 * closed select keeps its value on one line, cut with an ellipsis if it must be, as a native select does.
 */
export function Select({
  label,
  hideLabel = false,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  name,
  disabled,
  required,
  hint,
  error,
  id,
  className,
  triggerClassName,
}: SelectProps) {
  const { fieldId: triggerId, hintId, errorId, describedBy } = useFieldIds({ id, hint, error });
  // Undefined unless the chosen option has a label of its own for the trigger: Radix then shows the list's.
  const triggerLabel = options.find((option) => option.value === value)?.triggerLabel;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={triggerId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}>
        {label}
      </label>
      <SelectPrimitive.Root
        value={value}
        defaultValue={defaultValue}
        onValueChange={onValueChange}
        name={name}
        disabled={disabled}
        required={required}
      >
        <SelectPrimitive.Trigger
          id={triggerId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'inline-flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border bg-white px-3 py-2 text-left text-base text-slate-900 shadow-sm',
            'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 data-[placeholder]:text-slate-500',
            error ? 'border-red-600' : 'border-slate-300',
            triggerClassName,
          )}
        >
          <SelectPrimitive.Value placeholder={placeholder} className="min-w-0 truncate">
            {triggerLabel}
          </SelectPrimitive.Value>
          <SelectPrimitive.Icon className="shrink-0 text-slate-500">
            <ChevronDown className="size-4" />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-[min(var(--radix-select-content-available-height),24rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
          >
            <SelectPrimitive.Viewport className="p-1">
              {options.map((option) => (
                <SelectItem key={option.value} option={option} />
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
      <FieldMessages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/** One option of the open list, with a check beside the chosen one. */
function SelectItem({ option }: { option: SelectOption }) {
  return (
    <SelectPrimitive.Item
      value={option.value}
      disabled={option.disabled}
      className={cn(
        'relative flex min-h-11 cursor-default items-center rounded-md py-2 pr-3 pl-9 text-base text-slate-900 outline-none select-none',
        'data-[disabled]:text-slate-400 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900',
      )}
    >
      <SelectPrimitive.ItemIndicator className="absolute left-2.5 inline-flex items-center text-brand-700">
        <Check className="size-4" />
      </SelectPrimitive.ItemIndicator>
      <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
