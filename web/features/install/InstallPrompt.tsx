import { Share, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';

export type InstallPromptKind = 'ios' | 'install';

export interface InstallPromptProps {
  /** `ios`: how to add the app from Safari's share sheet. `install`: the browser's own install dialog. */
  kind: InstallPromptKind;
  onDismiss: () => void;
  onInstall: () => void;
  /** The browser's install dialog is open: the button waits for the learner's answer. */
  isInstalling?: boolean;
}

/**
 * The bottom banner inviting the learner to install Catamaran. Only InstallPromptMount renders it, lazily,
 * once the rules allow it; the banner does not take the focus, so it never interrupts reading or typing.
 */
export function InstallPrompt({ kind, onDismiss, onInstall, isInstalling = false }: InstallPromptProps) {
  const headingId = useId();
  const banner = useRef<HTMLElement>(null);
  // The banner sits over the bottom of the page: the page gets that much room below, so the last controls
  // (a form's submit button, the reader's Mark as Read) can still be scrolled into view above it.
  useEffect(() => {
    const element = banner.current;
    if (!element) return;
    const body = document.body;
    const previous = body.style.paddingBottom;
    const reserve = () => {
      body.style.paddingBottom = `${element.offsetHeight}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : undefined;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = previous;
    };
  }, []);
  return (
    <section
      ref={banner}
      aria-labelledby={headingId}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6 sm:pb-[max(1.5rem,env(safe-area-inset-bottom))]"
    >
      <div className="pointer-events-auto mx-auto flex max-w-xl animate-fade-in items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl">
        <img
          src="/icons/icon-192.png"
          alt=""
          width={44}
          height={44}
          className="size-11 shrink-0 rounded-xl"
        />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold text-base text-ink">
            Install Catamaran
          </h2>
          {kind === 'ios' ? (
            <p className="mt-1 text-muted text-sm">
              Tap the share icon
              <span aria-hidden="true">
                {'\u00a0'}
                <Share className="inline size-4 align-[-0.2em] text-brand-700" />
              </span>
              , then 'Add to Home Screen'.
            </p>
          ) : (
            <>
              <p className="mt-1 text-muted text-sm">Open your stories from your home screen, like an app.</p>
              <button
                type="button"
                onClick={onInstall}
                disabled={isInstalling}
                aria-busy={isInstalling || undefined}
                className={buttonClassName({ size: 'sm', className: 'mt-3' })}
              >
                Install
              </button>
            </>
          )}
        </div>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
