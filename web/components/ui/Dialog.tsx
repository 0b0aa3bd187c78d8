import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn.ts';

/** The dialog's state holder: `open`/`onOpenChange` when controlled, `defaultOpen` otherwise. */
export const Dialog = DialogPrimitive.Root;
/** Opens the dialog; use `asChild` around a Button. Focus returns here when the dialog closes. */
export const DialogTrigger = DialogPrimitive.Trigger;
/** Closes the dialog; use `asChild` around a Button (e.g. 'Cancel'). */
export const DialogClose = DialogPrimitive.Close;

export interface DialogContentProps
  extends Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title' | 'children'> {
  /** The dialog's name, shown as its heading. Required: a dialog without a name is unusable by ear. */
  title: ReactNode;
  /** One sentence on what the dialog is for, read when it opens. Required for the same reason. */
  description: ReactNode;
  /** Keep the description for screen readers only, when the content already says it visually. */
  hideDescription?: boolean;
  /** The accessible name of the corner close button. */
  closeLabel?: string;
  children?: ReactNode;
}

/** The modal panel with overlay, heading, description and a labelled close button; traps focus, Escape closes. */
export function DialogContent({
  title,
  description,
  hideDescription = false,
  closeLabel = 'Close',
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-scrim/50 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'gap-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6 data-[state=open]:animate-dialog-in',
          className,
        )}
        {...props}
      >
        <div className="flex items-start justify-between gap-4">
          <div className="flex flex-col gap-1.5">
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900 sm:text-xl">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className={hideDescription ? 'sr-only' : 'text-base text-slate-600'}>
              {description}
            </DialogPrimitive.Description>
          </div>
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X className="size-5" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The row of actions at the bottom of a dialog: stacked on phones, right-aligned from `sm` up. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto',
        className,
      )}
      {...props}
    />
  );
}
