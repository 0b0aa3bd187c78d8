import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { FormMessage } from './FormMessage.tsx';
import { authErrorText } from './messages.ts';
import { useAuthClient } from './session.tsx';

const CODE_LENGTH = 6;

/**
 * Signs in with the 6-digit code from the e-mail, for a learner who reads their mail on another device or in
 * the installed app, where the link would open a different browser; then goes where the link would have.
 */
export function CodeEntry({
  email,
  landingPath = CLIENT_ROUTES.landing,
}: {
  email: string;
  landingPath?: string;
}) {
  const auth = useAuthClient();
  const navigate = useNavigate();
  const headingId = useId();
  const [code, setCode] = useState('');
  const [isVerifying, setIsVerifying] = useState(false);
  const [error, setError] = useState<string>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setIsVerifying(true);
    try {
      const { error: failure } = await (await auth()).verifyOtp({ email, token: code, type: 'email' });
      if (!failure) {
        void navigate(landingPath, { replace: true });
        return;
      }
      setError(authErrorText(failure));
    } catch (failure) {
      setError(authErrorText(failure));
    }
    setIsVerifying(false);
  }

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Reading your mail on another device?
        </h2>
        <p className="mt-1 text-base text-slate-600">Enter the 6-digit code from the e-mail instead.</p>
      </div>
      <Input
        label="6-digit code"
        name="code"
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        minLength={CODE_LENGTH}
        maxLength={CODE_LENGTH}
        placeholder="123456"
        value={code}
        // Pasted codes often carry spaces ("123 456"): keep the digits only.
        onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
        disabled={isVerifying}
        className="text-center font-mono text-xl tracking-[0.5em]"
      />
      {error ? <FormMessage message={error} /> : null}
      <Button type="submit" size="lg" loading={isVerifying}>
        {isVerifying ? 'Verifying...' : 'Sign In with Code'}
      </Button>
    </form>
  );
}
