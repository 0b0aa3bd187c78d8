import { BookOpen, Lightbulb, type LucideIcon, TrendingUp } from 'lucide-react';
import { Section } from './Section.tsx';

interface Step {
  title: string;
  body: string;
  Icon: LucideIcon;
}

const STEPS: readonly Step[] = [
  {
    title: 'You Read',
    body: 'Pick a story at your level and read it chapter by chapter, with native audio narration to listen along. Tap any word for its translation; it goes straight to your word list.',
    Icon: BookOpen,
  },
  {
    title: 'You Build Understanding',
    body: 'Meeting the same words again and again in new sentences makes them stick, without drilling. Your saved words show which ones keep coming back.',
    Icon: Lightbulb,
  },
  {
    title: 'You Progress Naturally',
    body: 'Finish chapters to earn points, set a daily reading goal and keep your streak going. When a level feels comfortable, move up to the next one.',
    Icon: TrendingUp,
  },
];

/** The three steps of learning with Catamaran, numbered. */
export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      eyebrow="Three steps"
      title="How It Works"
      intro="No lessons to sit through: the story does the teaching."
    >
      <ol className="grid gap-5 md:grid-cols-3 md:gap-6">
        {STEPS.map(({ title, body, Icon }, index) => (
          <li
            key={title}
            className="relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <div className="flex items-center justify-between">
              <span
                aria-hidden="true"
                className="flex size-11 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <Icon className="size-7 text-accent-600" aria-hidden="true" />
            </div>
            <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
            <p className="text-base text-slate-600">{body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
