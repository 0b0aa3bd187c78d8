import { useEffect, useRef } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { CodeEntry } from './CodeEntry.tsx';
import { FormMessage } from './FormMessage.tsx';

/**
 * What a magic-link form turns into once the mail is on its way: the green message, where it went, the code
 * entry, and a way back to the form for a mistyped address.
 */
export function MagicLinkSent({
  message,
  email,
  landingPath,
  onRestart,
}: {
  message: string;
  email: string;
  /** Where the code entry leads once signed in, as the e-mailed link does. */
  landingPath: string;
  onRestart: () => void;
}) {
  const messageRef = useRef<HTMLDivElement>(null);
  // The button that was focused is gone: put focus on the news, so keyboard and screen-reader users hear it.
  useEffect(() => {
    messageRef.current?.focus();
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <div ref={messageRef} tabIndex={-1} className="flex flex-col gap-3 rounded-lg focus:outline-none">
        <FormMessage message={message} />
        <p className="text-base text-slate-700">
          We sent it to <strong className="font-semibold break-all text-slate-900">{email}</strong>. Open the
          link on this device to sign in here. It works once, for 10 minutes.
        </p>
      </div>
      <CodeEntry email={email} landingPath={landingPath} />
      <Button variant="outline" onClick={onRestart} className="self-start">
        Use a different email address
      </Button>
    </div>
  );
}
