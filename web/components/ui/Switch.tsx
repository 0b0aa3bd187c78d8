import { type ButtonHTMLAttributes, useId, useState } from 'react';
import { cn } from './cn.ts';

export interface SwitchProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'onChange' | 'value' | 'type' | 'role'> {
  /** The switch's name, shown beside it. */
  label: string;
  /** A line under the label that says what the switch does. */
  description?: string;
  /** On or off, when the caller keeps the state; `defaultChecked` otherwise. */
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  /** Classes for the row holding the label and the switch. */
  wrapperClassName?: string;
}

/**
 * An on/off switch (role="switch", aria-checked) with its label; the whole label row toggles it. A button of our
 * own rather than Radix Switch, which kept its button in state set from a ref: a second, synchronous render of
 * the reader's settings at the end of the page's hydration (docs/decisions/107). Same look, keys (Space, Enter)
 * and `data-state`.
 */
export function Switch({
  label,
  description,
  id,
  className,
  wrapperClassName,
  checked,
  defaultChecked = false,
  onCheckedChange,
  onClick,
  ...props
}: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const descriptionId = `${switchId}-description`;
  const [ownChecked, setOwnChecked] = useState(defaultChecked);
  const isOn = checked ?? ownChecked;
  const state = isOn ? 'checked' : 'unchecked';
  return (
    <div className={cn('flex min-h-11 items-center justify-between gap-4', wrapperClassName)}>
      <div className="flex flex-col">
        <label htmlFor={switchId} className="cursor-pointer text-base font-medium text-slate-900">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        role="switch"
        id={switchId}
        aria-checked={isOn}
        aria-describedby={description ? descriptionId : undefined}
        data-state={state}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          if (checked === undefined) setOwnChecked(!isOn);
          onCheckedChange?.(!isOn);
        }}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors',
          'bg-slate-400 data-[state=checked]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
        {...props}
      >
        <span
          data-state={state}
          className="block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5"
        />
      </button>
    </div>
  );
}
