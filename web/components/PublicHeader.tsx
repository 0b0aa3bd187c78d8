import type { ReactNode } from 'react';
import { LogoHomeLink } from './Logo.tsx';

/** The header of a public screen (/apply, /submit-video): the logo home, and an optional link on the right. */
export function PublicHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 w-full max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
        <LogoHomeLink />
        {children}
      </div>
    </header>
  );
}
