import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import type { InstallPromptKind, InstallPromptProps } from './InstallPrompt.tsx';
import {
  isIos,
  isStandalone,
  mayShowPrompt,
  readDismissedAt,
  SHOW_AFTER_MS,
  STANDALONE_QUERY,
  shouldShowIosPrompt,
  writeDismissedAt,
} from './rules.ts';

/** Chromium's `beforeinstallprompt` event, which TypeScript's DOM types do not describe. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

// The banner, lucide's icons and the button styles load only when the banner is about to show: this module
// is in every page's first load and must stay small (docs/decisions/003). A chunk that fails to load (a
// deploy since the page was opened, a lost connection) leaves no banner rather than an error screen.
const InstallPrompt = lazy(
  (): Promise<{ default: ComponentType<InstallPromptProps> }> =>
    import('./InstallPrompt.tsx').then(
      (module) => ({ default: module.InstallPrompt }),
      () => ({ default: () => null }),
    ),
);

/**
 * Over every route: 3 seconds after load, and unless dismissed in the last 7 days, invites the learner to
 * install the app: on iOS with the share-sheet steps, in browsers that fire `beforeinstallprompt` (Chrome,
 * Edge, Samsung Internet) with an Install button that opens the browser's own dialog.
 */
export function InstallPromptMount() {
  const [isDue, setIsDue] = useState(false);
  const [isIosPrompt, setIsIosPrompt] = useState(false);
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [isInstalling, setIsInstalling] = useState(false);
  const [isClosed, setIsClosed] = useState(false);

  useEffect(() => {
    // Prevented even when the banner will not show: that also keeps Chrome's own mini-infobar from asking
    // again what the learner declined here.
    const handleBeforeInstallPrompt = (event: Event) => {
      event.preventDefault();
      setInstallEvent(event as BeforeInstallPromptEvent);
    };
    const handleAppInstalled = () => setIsClosed(true);
    const timer = window.setTimeout(() => {
      const state = {
        isIos: isIos(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
        isStandalone: isStandalone(
          typeof window.matchMedia === 'function' ? window.matchMedia(STANDALONE_QUERY) : null,
          (navigator as Navigator & { standalone?: unknown }).standalone,
        ),
        dismissedAt: readDismissedAt(),
        now: Date.now(),
      };
      // Neither banner in the installed app or within 7 days of a dismissal; the iOS one only on iOS.
      if (!mayShowPrompt(state)) {
        setIsClosed(true);
        return;
      }
      setIsIosPrompt(shouldShowIosPrompt(state));
      setIsDue(true);
    }, SHOW_AFTER_MS);
    window.addEventListener('beforeinstallprompt', handleBeforeInstallPrompt);
    window.addEventListener('appinstalled', handleAppInstalled);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', handleBeforeInstallPrompt);
      window.removeEventListener('appinstalled', handleAppInstalled);
    };
  }, []);

  const kind: InstallPromptKind | null =
    !isDue || isClosed ? null : installEvent ? 'install' : isIosPrompt ? 'ios' : null;
  if (!kind) return null;

  const handleDismiss = () => {
    writeDismissedAt(Date.now());
    setIsClosed(true);
  };

  const handleInstall = async () => {
    if (!installEvent || isInstalling) return;
    setIsInstalling(true);
    try {
      await installEvent.prompt();
      const choice = await installEvent.userChoice;
      // Declining the browser's dialog is a dismissal too: the same 7 days before asking again.
      if (choice.outcome === 'dismissed') writeDismissedAt(Date.now());
    } catch {
      // An event can prompt once only; whatever went wrong, it is spent, so the banner goes.
    }
    setIsClosed(true);
  };

  return (
    <Suspense fallback={null}>
      <InstallPrompt
        kind={kind}
        onDismiss={handleDismiss}
        onInstall={() => void handleInstall()}
        isInstalling={isInstalling}
      />
    </Suspense>
  );
}
