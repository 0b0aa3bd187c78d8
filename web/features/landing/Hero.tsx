import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { displayUsername } from '#common/identity.ts';
import { LEARNABLE_LANGUAGE_COUNT } from '#common/languages.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { useSession } from '#web/features/auth/session.tsx';
import { CONTAINER } from './Section.tsx';

const STATS = [
  { value: String(LEARNABLE_LANGUAGE_COUNT), label: 'languages' },
  { value: '400+', label: 'videos per language' },
  { value: '6K+', label: 'minutes of content' },
] as const;

/** The opening: headline, the promise of no flashcards and no games, the calls to action and three figures. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div
        className={`${CONTAINER} grid items-center gap-12 py-12 sm:py-20 lg:grid-cols-2 lg:gap-16 lg:py-24`}
      >
        <div className="flex flex-col items-start">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 shadow-sm ring-1 ring-brand-200">
            Graded stories in {LEARNABLE_LANGUAGE_COUNT} languages
          </p>
          <h1
            id="hero-heading"
            className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-[3.25rem]"
          >
            Learn a language by reading stories <span className="text-brand-700">you understand</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700 sm:text-xl">
            No flashcards. No games. Just captivating stories at your level, with native audio and a
            tap-to-translate dictionary, so you pick up the language the way you learned your first one.
          </p>
          <HeroActions />
          <dl className="mt-10 grid w-full max-w-lg grid-cols-3 gap-3 sm:gap-6">
            {STATS.map((stat) => (
              <div
                key={stat.label}
                className="flex flex-col-reverse justify-end rounded-xl bg-white/80 p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
              >
                <dt className="text-sm leading-snug text-slate-600">{stat.label}</dt>
                <dd className="text-2xl font-bold text-brand-800 sm:text-3xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <ReaderPreview />
      </div>
    </section>
  );
}

/**
 * The session's calls to action. Signed out: start free or sign in; signed in: a welcome and the way back to
 * the library. While the session loads, the space is held empty so the wrong buttons never flash.
 */
function HeroActions() {
  const session = useSession();
  if (session.status === 'signed_in') {
    return (
      <div className="mt-8 flex min-h-12 flex-col items-start gap-4">
        <p className="text-lg font-semibold text-slate-900">Welcome back, {displayUsername(session.user)}!</p>
        <Link className={buttonClassName({ size: 'lg' })} to={CLIENT_ROUTES.dashboard}>
          Go to Dashboard
          <ArrowRight className="size-5" />
        </Link>
      </div>
    );
  }
  // While loading, the space the visitor's two buttons take (stacked on a phone: 2 × 3 rem and the 0.75 rem
  // gap), so the figures below do not move when they appear (CLS, docs/decisions/089).
  const height = session.status === 'loading' ? 'min-h-[6.75rem] sm:min-h-12' : 'min-h-12';
  return (
    <div className={`mt-8 flex ${height} w-full flex-col gap-3 sm:w-auto sm:flex-row`}>
      {session.status === 'signed_out' ? (
        <>
          <Link className={buttonClassName({ size: 'lg' })} to={CLIENT_ROUTES.signUp}>
            Start Reading for Free
            <ArrowRight className="size-5" />
          </Link>
          <a className={buttonClassName({ variant: 'outline', size: 'lg' })} href="#how-it-works">
            See How It Works
          </a>
        </>
      ) : null}
    </div>
  );
}

/**
 * A drawing of the reader: a Spanish sentence with one tapped word and its translation. Built from markup and
 * CSS rather than an image (the CSP allows no external images, and text scales crisply).
 */
function ReaderPreview() {
  return (
    <div
      role="img"
      aria-label="The reader: a chapter of a Spanish story with audio; the tapped word 'faro' shows its translation, lighthouse, and is saved to your words."
      className="relative mx-auto w-full max-w-md lg:max-w-none"
    >
      <div
        aria-hidden="true"
        className="absolute -top-6 -right-6 size-40 rounded-full bg-accent-200/60 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-8 -left-8 size-48 rounded-full bg-brand-200/60 blur-2xl"
      />
      <div className="relative rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-7">
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="font-semibold text-slate-900">Chapter 3: El faro</span>
          <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
            Child
          </span>
        </div>
        <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full w-2/5 rounded-full bg-brand-600" />
        </div>
        <div className="mt-4 flex items-center gap-3 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700">
            <svg
              viewBox="0 0 12 12"
              className="ml-0.5 size-3 fill-white"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M2 1 L11 6 L2 11 Z" />
            </svg>
          </span>
          <span className="flex h-6 flex-1 items-center gap-[3px] overflow-hidden">
            {[40, 70, 55, 90, 35, 65, 80, 45, 60, 30, 75, 50, 85, 40, 55, 70, 35, 60, 45, 25].map(
              (height, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: static bars that never reorder; their position is their identity
                  key={index}
                  className={`w-1 shrink-0 rounded-full ${index < 8 ? 'bg-brand-600' : 'bg-slate-300'}`}
                  style={{ height: `${height}%` }}
                />
              ),
            )}
          </span>
          <span className="text-xs text-slate-600 tabular-nums">0:42</span>
        </div>
        {/* The real reader's text (features/reader/ChapterText.tsx): its classes, and the tapped word marked as
            its active word is (styles.css, .reader-text). Only that word is a word span: nothing here is
            tappable, so nothing else takes the reader's hover, and it keeps the arrow cursor. */}
        <div lang="es" className="reader-text mt-5 text-lg leading-relaxed text-slate-800 sm:text-xl">
          <p>
            Cada noche, Lucía subía las escaleras del viejo{' '}
            <span data-w="" data-active="" className="cursor-default">
              faro
            </span>{' '}
            para mirar el mar. Desde allí, las luces del puerto parecían estrellas.
          </p>
        </div>
        <div className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-4">
          <div className="flex items-baseline justify-between gap-3">
            <span lang="es" className="text-lg font-bold text-brand-900">
              faro
            </span>
            <span className="text-xs font-medium text-slate-600 italic">noun</span>
          </div>
          <p className="mt-1 text-base text-slate-800">lighthouse</p>
          <p className="mt-2 text-xs font-medium text-green-800">✓ Saved to your words</p>
        </div>
      </div>
    </div>
  );
}
