import type { ReactNode } from 'react';
import { cn } from '#web/components/ui/cn.ts';

/** The landing's page width: full width on phones with side padding, a centred column from tablets up. */
export const CONTAINER = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';

export interface SectionProps {
  /** The fragment a link can jump to (`#how-it-works`); the heading's id derives from it. */
  id: string;
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A landing section named by its h2 (aria-labelledby), with an optional eyebrow and intro. */
export function Section({ id, title, eyebrow, intro, className, children }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('py-16 sm:py-24', className)}>
      <div className={CONTAINER}>
        <div className="mx-auto max-w-2xl text-center">
          {eyebrow ? (
            <p className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          ) : null}
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
        </div>
        <div className="mt-10 sm:mt-14">{children}</div>
      </div>
    </section>
  );
}
