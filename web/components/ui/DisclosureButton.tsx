import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

interface DisclosureButtonProps {
  isOpen: boolean;
  onToggle: () => void;
  /** The id of the element it shows and hides. */
  controls: string;
  className?: string;
  /** The chevron's size classes. */
  iconClassName?: string;
  children: ReactNode;
}

/** A button that shows and hides the element it controls, its chevron turned while that is open. */
export function DisclosureButton({
  isOpen,
  onToggle,
  controls,
  className,
  iconClassName = 'size-5',
  children,
}: DisclosureButtonProps) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={isOpen}
      aria-controls={controls}
      className={cn('flex min-h-11 items-center gap-2 rounded-lg px-1 text-left', className)}
    >
      <ChevronDown
        className={cn(iconClassName, 'shrink-0 transition-transform', isOpen && 'rotate-180')}
        aria-hidden="true"
      />
      {children}
    </button>
  );
}
