import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Logo } from './Logo.tsx';

/** The header of a public screen (/apply, /submit-video): the logo home, and an optional link on the right. */
export function PublicHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 w-full max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={CLIENT_ROUTES.landing} className="-m-1 inline-flex rounded-xl p-1">
          <Logo />
        </Link>
        {children}
      </div>
    </header>
  );
}
