import { Link } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Logo } from '#web/components/Logo.tsx';
import { useSession } from '#web/features/auth/session.tsx';
import { CONTAINER } from './Section.tsx';

const LINK_CLASS =
  'inline-flex min-h-11 items-center rounded text-base text-brand-100 underline-offset-4 hover:text-white hover:underline focus-visible:outline-brand-300';

/** The site footer: logo, tagline, the account links that fit the session, narrator applications, copyright. */
export function Footer() {
  const session = useSession();
  return (
    <footer className="brand-panel bg-brand-950 text-brand-100">
      <div className={`${CONTAINER} flex flex-col gap-8 py-12 sm:flex-row sm:items-start sm:justify-between`}>
        <div className="flex max-w-sm flex-col gap-3">
          <Link
            to={CLIENT_ROUTES.landing}
            className="-m-1 flex self-start rounded-xl p-1 focus-visible:outline-brand-300"
          >
            <Logo tone="light" />
          </Link>
          <p className="text-base text-brand-100">Learn a language by reading stories you understand.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {session.status === 'signed_out' ? (
              <>
                <li>
                  <Link to={CLIENT_ROUTES.signIn} className={LINK_CLASS}>
                    Sign In
                  </Link>
                </li>
                <li>
                  <Link to={CLIENT_ROUTES.signUp} className={LINK_CLASS}>
                    Get Started
                  </Link>
                </li>
              </>
            ) : null}
            {session.status === 'signed_in' ? (
              <li>
                <Link to={CLIENT_ROUTES.account} className={LINK_CLASS}>
                  Your Account
                </Link>
              </li>
            ) : null}
            <li>
              <Link to={CLIENT_ROUTES.apply} className={LINK_CLASS}>
                Apply to narrate
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-brand-900">
        <p className={`${CONTAINER} py-6 text-sm text-brand-200`}>© 2026 Catamaran</p>
      </div>
    </footer>
  );
}
