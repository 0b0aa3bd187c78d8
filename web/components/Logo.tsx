import { Link } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { cn } from './ui/cn.ts';

export interface LogoProps {
  /** 'dark' text for light backgrounds (default), 'light' text for dark ones. */
  tone?: 'dark' | 'light';
  /**
   * 'visible' (default); 'hidden' shows the mark only; 'from-sm' hides the wordmark on phones. A hidden wordmark
   * stays readable by screen readers, so a link around the logo is still named 'Catamaran'.
   */
  wordmark?: 'visible' | 'hidden' | 'from-sm';
  className?: string;
}

/** The Catamaran mark (twin hulls under two sails) and wordmark. It links nowhere: wrap it in a Link. */
export function Logo({ tone = 'dark', wordmark = 'visible', className }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 64 64"
        className="size-9 shrink-0 rounded-[0.6rem] shadow-sm"
      >
        <rect width="64" height="64" rx="14" fill="#0e7490" />
        <circle cx="49" cy="15" r="6" fill="#fdba74" />
        <path d="M31 9 L31 39 L13 39 Z" fill="#ffffff" />
        <path d="M35 15 L35 39 L51 39 Z" fill="#a5f3fc" />
        <rect x="10" y="41" width="44" height="3" rx="1.5" fill="#ffffff" />
        <path d="M11 45 H28 L25 51 H15 Z" fill="#ffffff" />
        <path d="M36 45 H53 L49 51 H39 Z" fill="#ffffff" />
        <path
          d="M6 57 q5 -3.5 10 0 t10 0 t10 0 t10 0 t10 0"
          fill="none"
          stroke="#67e8f9"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <span
        className={cn(
          'text-xl font-bold tracking-tight',
          tone === 'light' ? 'text-white' : 'text-brand-900',
          wordmark === 'hidden' && 'sr-only',
          wordmark === 'from-sm' && 'max-sm:sr-only',
        )}
      >
        Catamaran
      </span>
    </span>
  );
}

/** The logo as the way home (the landing page), as the headers of the public and sign-in screens show it. */
export function LogoHomeLink() {
  return (
    <Link to={CLIENT_ROUTES.landing} className="-m-1 inline-flex rounded-xl p-1">
      <Logo />
    </Link>
  );
}
