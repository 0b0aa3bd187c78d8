// A dialog whose code (Radix Dialog and what it draws) loads when the learner first reaches for it, not with the
// screen (docs/decisions/094): its trigger is an ordinary button with the attributes Radix's Dialog.Trigger gives
// its own, and the dialog is mounted once it was first opened. Focus goes back to the trigger when it closes,
// as with Radix's trigger.
import { type ComponentType, lazy, type RefObject, useId, useRef, useState } from 'react';

/** What a lazily loaded dialog's content is handed: its state, its id, and the button that opens it. */
export interface LazyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The id the dialog's content takes, which the trigger's aria-controls names. */
  contentId: string;
  /** The trigger, to focus again when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/**
 * A dialog's component loaded once, on first use: `preload` starts the load (when the pointer comes over the
 * trigger, or it takes focus), and `Dialog` renders it (with a Suspense boundary above it). A failed load may be
 * tried again.
 */
export function lazyDialog<Props>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const Dialog = lazy(async () => ({ default: await preload() }));
  return { Dialog, preload: () => void preload().catch(() => undefined) };
}

/**
 * A lazily loaded dialog's state and its trigger's attributes and handlers. `onOpenChange` decides, as Radix's
 * would: it is called on the trigger's click with the opposite of `open`, and by the dialog as it closes.
 */
export function useLazyDialog(
  preload: () => void,
  { open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void },
) {
  const [isMounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  const triggerProps = {
    ref: trigger,
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    'aria-controls': contentId,
    'data-state': open ? 'open' : 'closed',
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      preload();
      setMounted(true);
      onOpenChange(!open);
    },
  };
  const dialogProps: LazyDialogProps = { open, onOpenChange, contentId, trigger };
  return { isMounted, triggerProps, dialogProps };
}

/** For the dialog's content: focus back on the trigger as the dialog closes (Radix's own trigger gets it so). */
export function focusTriggerOnClose(trigger: RefObject<HTMLButtonElement | null>) {
  return (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };
}
