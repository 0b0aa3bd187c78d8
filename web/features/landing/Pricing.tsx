import { Check } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type BillingPeriod, PRO_PLAN, YEARLY_SAVING_LABEL } from '#common/pricing.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { cn } from '#web/components/ui/cn.ts';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useSession } from '#web/features/auth/session.tsx';
import { Section } from './Section.tsx';

// Monthly first, Yearly second (spec/learner.md §9).
const PERIODS: readonly { value: BillingPeriod; label: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];

/** The World Traveler plan with a Monthly / Yearly toggle that starts on Yearly, and a word on the free plan. */
export function Pricing() {
  const [period, setPeriod] = useState<BillingPeriod>('yearly');
  const isYearly = period === 'yearly';
  const pricePerMonth = isYearly ? PRO_PLAN.yearlyPricePerMonthUsd : PRO_PLAN.monthlyPriceUsd;
  const billedYearly = PRO_PLAN.yearlyPricePerMonthUsd * 12;

  return (
    <Section
      id="pricing"
      eyebrow="Pricing"
      title="Simple Pricing"
      intro="One plan with everything, in every language. Start free and upgrade when you are ready."
      className="bg-white"
    >
      <div className="flex flex-col items-center gap-8">
        <fieldset className="inline-flex rounded-xl bg-slate-100 p-1 ring-1 ring-slate-200">
          <legend className="sr-only">Billing period</legend>
          {PERIODS.map((option) => {
            const isSelected = option.value === period;
            return (
              <button
                key={option.value}
                type="button"
                aria-pressed={isSelected}
                onClick={() => setPeriod(option.value)}
                className={cn(
                  'min-h-11 min-w-28 rounded-lg px-5 text-base font-semibold transition-colors',
                  isSelected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {option.label}
              </button>
            );
          })}
        </fieldset>

        <div className="w-full max-w-md rounded-3xl bg-white p-6 shadow-lg ring-2 ring-brand-600 sm:p-8">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-2xl font-bold text-slate-900">{PRO_PLAN.name}</h3>
            <Badge variant="brand">Pro</Badge>
          </div>
          <p className="mt-2 text-base text-slate-600">
            Every language, every story and every level, with new chapters each week.
          </p>

          <div aria-live="polite" className="mt-6">
            <div className="flex flex-wrap items-end gap-x-2 gap-y-1">
              <span className="text-5xl font-extrabold tracking-tight text-slate-900">{`$${pricePerMonth}`}</span>
              <span className="pb-1.5 text-lg text-slate-600">per month</span>
            </div>
            <div className="mt-2 flex min-h-6 flex-wrap items-center gap-2">
              {isYearly ? (
                <Badge variant="accent" className="text-sm">
                  {YEARLY_SAVING_LABEL}
                </Badge>
              ) : null}
              <p className="text-sm text-slate-600">
                {isYearly ? `billed $${billedYearly} yearly` : 'billed monthly, cancel anytime'}
              </p>
            </div>
          </div>

          <PlanFeatures />

          <ChoosePlan period={period} />
        </div>

        <p className="max-w-md text-center text-base text-slate-600">
          <span className="font-semibold text-slate-900">Prefer to start free?</span> The free plan lets you
          read every story marked Free, with the same reader, dictionary and progress tracking. No card
          needed.
        </p>
      </div>
    </Section>
  );
}

/** What the plan includes, each with a tick. */
function PlanFeatures() {
  return (
    <ul className="mt-6 flex flex-col gap-3" aria-label={`${PRO_PLAN.name} includes`}>
      {PRO_PLAN.features.map((feature) => (
        <li key={feature} className="flex items-start gap-3 text-base text-slate-800">
          <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <Check className="size-4" strokeWidth={3} aria-hidden="true" />
          </span>
          {feature}
        </li>
      ))}
    </ul>
  );
}

/** Choose This Plan: sign-up for a visitor; for a signed-in learner, the payment page for the period shown. */
function ChoosePlan({ period }: { period: BillingPeriod }) {
  const session = useSession();
  const [isProcessing, setIsProcessing] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function handleChoose() {
    setIsProcessing(true);
    setProblem(undefined);
    // Loaded at the click: the API client is not part of the landing page's first load (its budget).
    const { goToBilling } = await import('#web/features/account/billing.ts');
    // Resolves only on a failure: on success the page is being left, and stays busy meanwhile.
    setProblem(await goToBilling('upgrade', period));
    setIsProcessing(false);
  }

  return (
    <>
      {session.status === 'signed_in' ? (
        // A plain button with the design system's look: the Button component would bring Radix Slot into
        // the landing's first load (docs/decisions/003).
        <button
          type="button"
          className={buttonClassName({ size: 'lg', className: 'mt-8 w-full' })}
          disabled={isProcessing}
          aria-busy={isProcessing || undefined}
          onClick={() => void handleChoose()}
        >
          {isProcessing ? <Spinner decorative size="sm" /> : null}
          {isProcessing ? 'Processing...' : 'Choose This Plan'}
        </button>
      ) : (
        <Link className={buttonClassName({ size: 'lg', className: 'mt-8 w-full' })} to={CLIENT_ROUTES.signUp}>
          Choose This Plan
        </Link>
      )}
      {problem ? (
        <p role="alert" className="mt-3 text-center text-base font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </>
  );
}
