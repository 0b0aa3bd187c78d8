import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { LogoHomeLink } from '#web/components/Logo.tsx';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';

export const NOT_FOUND_TITLE = 'Page not found · Catamaran';

/** The honest answer to a path outside the route table. */
export function NotFound() {
  useDocumentTitle(NOT_FOUND_TITLE);
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-white">
      <header className="mx-auto w-full max-w-6xl px-4 py-4 sm:px-6 lg:px-8">
        <LogoHomeLink />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-16">
        <div className="flex max-w-md flex-col items-center text-center">
          <p className="text-6xl font-extrabold tracking-tight text-brand-700" aria-hidden="true">
            404
          </p>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
          <p className="mt-3 text-lg text-slate-600">
            This page does not exist (yet). Check the address, or head back to the home page.
          </p>
          <Link className={buttonClassName({ size: 'lg', className: 'mt-8' })} to={CLIENT_ROUTES.landing}>
            <ArrowLeft className="size-5" />
            Back to home
          </Link>
        </div>
      </main>
    </div>
  );
}
