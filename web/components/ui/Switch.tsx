import * as SwitchPrimitive from '@radix-ui/react-switch';
import { type ComponentProps, useId } from 'react';
import { cn } from './cn.ts';

export interface SwitchProps extends Omit<ComponentProps<typeof SwitchPrimitive.Root>, 'children'> {
  /** The switch's name, shown beside it. */
  label: string;
  /** A line under the label that says what the switch does. */
  description?: string;
  /** Classes for the row holding the label and the switch. */
  wrapperClassName?: string;
}

/** An on/off switch (role="switch", aria-checked) with its label; the whole label row toggles it. */
export function Switch({ label, description, id, className, wrapperClassName, ...props }: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const descriptionId = `${switchId}-description`;
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
      <SwitchPrimitive.Root
        id={switchId}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors',
          'bg-slate-400 data-[state=checked]:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
        {...props}
      >
        <SwitchPrimitive.Thumb className="block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5" />
      </SwitchPrimitive.Root>
    </div>
  );
}
