import type { FormEvent, ReactNode } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { FormMessage } from './FormMessage.tsx';
import { MagicLinkSent } from './MagicLinkSent.tsx';
import type { useMagicLink } from './useMagicLink.ts';

/**
 * The form that asks for a magic link, the same on /signin and /signup: the fields before the address
 * (`children`), the e-mail address, the last sentence, and the submit button; once the link is sent, the mail's
 * news and the code entry instead.
 */
export function MagicLinkForm({
  link,
  email,
  onEmailChange,
  onSubmit,
  submitLabel,
  busyLabel,
  footnote,
  children,
}: {
  link: ReturnType<typeof useMagicLink>;
  email: string;
  onEmailChange: (email: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busyLabel: string;
  /** A line under the button (the terms statement of sign-up). */
  footnote?: ReactNode;
  children?: ReactNode;
}) {
  const { isSending, message, sentTo, landingPath, restart } = link;
  if (message && sentTo) {
    return <MagicLinkSent message={message} email={sentTo} landingPath={landingPath} onRestart={restart} />;
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-5">
      {children}
      <Input
        label="Email Address"
        name="email"
        type="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        disabled={isSending}
      />
      {message ? <FormMessage message={message} /> : null}
      <Button type="submit" size="lg" loading={isSending}>
        {isSending ? busyLabel : submitLabel}
      </Button>
      {footnote}
    </form>
  );
}
