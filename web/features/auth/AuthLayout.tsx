import type { ReactNode } from 'react';
import { LogoHomeLink } from '#web/components/Logo.tsx';

export interface AuthLayoutProps {
  title: string;
  intro: string;
  /** The form, or its result. */
  children: ReactNode;
  /** The line under the form that leads to the other form. */
  footer: ReactNode;
  /** The side panel: beside the form from laptops up, under it on phones and tablets. */
  aside: ReactNode;
  asideLabel: string;
}

/** The sign-in and sign-up screens' frame: the logo home, the titled form, and a side panel. */
export function AuthLayout({ title, intro, children, footer, aside, asideLabel }: AuthLayoutProps) {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-2">
      <div className="flex flex-col">
        <header className="px-4 py-4 sm:px-8">
          <LogoHomeLink />
        </header>
        <main
          id="main"
          className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:px-8 lg:items-center"
        >
          <div className="w-full max-w-md">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
            <p className="mt-3 text-lg text-slate-600">{intro}</p>
            <div className="mt-8">{children}</div>
            <div className="mt-8 border-t border-slate-200 pt-6 text-base text-slate-700">{footer}</div>
          </div>
        </main>
      </div>
      <aside
        aria-label={asideLabel}
        className="brand-panel relative overflow-hidden bg-gradient-to-br from-brand-800 to-brand-950 px-6 py-12 text-white sm:px-12 lg:flex lg:items-center lg:py-16"
      >
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 400 40"
          preserveAspectRatio="none"
          className="absolute inset-x-0 bottom-0 h-12 w-full text-brand-700/40"
        >
          <path d="M0 20 Q50 0 100 20 T200 20 T300 20 T400 20 V40 H0 Z" fill="currentColor" />
        </svg>
        <div className="relative mx-auto w-full max-w-lg">{aside}</div>
      </aside>
    </div>
  );
}

/** The link under a form to the other one ('Sign up' under sign-in, 'Sign in' under sign-up). */
export const SWITCH_LINK_CLASS =
  'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 inline-flex min-h-11 items-center';
