import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from './Logo.tsx';

/** The header of a secondary screen: a way back on the left, the logo on the right. */
export function BackLinkHeader({ to, label }: { to: string; label: string }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 w-full max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          to={to}
          className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-base font-semibold text-brand-800 hover:bg-brand-50"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
          {label}
        </Link>
        <Logo wordmark="from-sm" />
      </div>
    </header>
  );
}
