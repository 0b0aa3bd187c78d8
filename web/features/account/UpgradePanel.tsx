import { Check, Crown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { PRO_PLAN } from '#common/pricing.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { cn } from '#web/components/ui/cn.ts';
import { useSession } from '#web/features/auth/session.tsx';
import { goToBilling } from './billing.ts';

/**
 * What Pro gives, in place of a story's text for a learner without it (learner.md §1, §6): the plan's features
 * and 'Upgrade to Pro', which goes straight to checkout (a visitor signs up first).
 */
export function UpgradePanel({
  title,
  children,
  headingLevel: Heading = 'h2',
  className,
}: {
  title: string;
  children?: ReactNode;
  headingLevel?: 'h1' | 'h2';
  className?: string;
}) {
  const session = useSession();
  const headingId = useId();
  const [isProcessing, setIsProcessing] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function handleUpgrade() {
    setIsProcessing(true);
    setProblem(undefined);
    // Resolves only on a failure: on success the page is being left, and stays busy meanwhile.
    setProblem(await goToBilling('upgrade'));
    setIsProcessing(false);
  }

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-2xl bg-white p-5 text-left shadow-sm ring-1 ring-accent-200 sm:p-6',
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <Crown className="mt-1 size-7 shrink-0 text-accent-500" aria-hidden="true" />
        <div className="flex min-w-0 flex-col gap-1">
          <Heading id={headingId} className="text-xl font-bold text-slate-900">
            {title}
          </Heading>
          {children ? <div className="text-base text-slate-600">{children}</div> : null}
        </div>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {PRO_PLAN.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-sm text-slate-800">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-700" strokeWidth={3} aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      {session.status === 'signed_in' ? (
        <Button
          size="lg"
          className="w-full sm:w-auto sm:self-start"
          loading={isProcessing}
          disabled={isProcessing}
          onClick={() => void handleUpgrade()}
        >
          {isProcessing ? 'Processing...' : 'Upgrade to Pro'}
        </Button>
      ) : (
        <Link
          to={CLIENT_ROUTES.signUp}
          className={buttonClassName({ size: 'lg', className: 'w-full sm:w-auto sm:self-start' })}
        >
          Upgrade to Pro
        </Link>
      )}
      {problem ? (
        <p role="alert" className="text-base font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
