import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { useSession } from '#web/features/auth/session.tsx';
import { CONTAINER } from './Section.tsx';

/** The last call to action: sign up, or for a learner already signed in, back to the library. */
export function ClosingCta() {
  const session = useSession();
  // Nothing while the session loads, so the wrong button never flashes.
  const cta =
    session.status === 'signed_out'
      ? { to: CLIENT_ROUTES.signUp, label: 'Create Free Account' }
      : session.status === 'signed_in'
        ? { to: CLIENT_ROUTES.dashboard, label: 'Open Your Library' }
        : undefined;
  return (
    <section aria-labelledby="start-heading" className="pb-16 sm:pb-24">
      <div className={CONTAINER}>
        <div className="brand-panel relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 to-brand-950 px-5 py-12 text-center shadow-xl sm:px-12 sm:py-16">
          <svg
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 400 40"
            preserveAspectRatio="none"
            className="absolute inset-x-0 bottom-0 h-10 w-full text-brand-700/50"
          >
            <path d="M0 20 Q50 0 100 20 T200 20 T300 20 T400 20 V40 H0 Z" fill="currentColor" />
          </svg>
          <div className="relative mx-auto flex max-w-2xl flex-col items-center">
            <h2 id="start-heading" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
              Start Learning Today
            </h2>
            <p className="mt-4 text-lg text-brand-50">
              Pick a language, open your first story and read for ten minutes. The free plan needs no card.
            </p>
            <div className="mt-8 flex min-h-12 items-center">
              {cta ? (
                <Link
                  className={buttonClassName({
                    variant: 'secondary',
                    size: 'lg',
                    className: 'focus-visible:outline-white',
                  })}
                  to={cta.to}
                >
                  {cta.label}
                  <ArrowRight className="size-5" />
                </Link>
              ) : null}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
