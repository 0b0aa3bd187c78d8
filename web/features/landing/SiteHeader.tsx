import { Link } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Logo } from '#web/components/Logo.tsx';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { useSession } from '#web/features/auth/session.tsx';
import { CONTAINER } from './Section.tsx';

const SECTION_LINKS = [
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#faq', label: 'FAQ' },
] as const;

/**
 * The landing's top bar: the logo home, in-page links from tablets up, and for a signed-out visitor 'Sign In'
 * and 'Get Started'. A signed-in visitor gets the welcome and 'Go to Dashboard' in the hero instead.
 */
export function SiteHeader() {
  const session = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <a
        href="#main"
        className="sr-only font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:shadow-lg"
      >
        Skip to content
      </a>
      <div className={`${CONTAINER} flex h-16 items-center gap-3`}>
        <Link to={CLIENT_ROUTES.landing} className="-m-1 flex rounded-xl p-1">
          {/* Phones get the mark only, so both buttons fit beside it at 360 px. */}
          <Logo wordmark="from-sm" />
        </Link>
        <nav aria-label="Sections" className="ml-auto hidden md:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Reserved while the session loads, so no button flashes and nothing shifts. */}
        <div className="ml-auto flex min-h-11 items-center gap-2 md:ml-2">
          {session.status === 'signed_out' ? (
            <>
              <Link className={buttonClassName({ variant: 'ghost' })} to={CLIENT_ROUTES.signIn}>
                Sign In
              </Link>
              <Link className={buttonClassName()} to={CLIENT_ROUTES.signUp}>
                Get Started
              </Link>
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}
