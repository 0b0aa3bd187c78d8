import { BookOpenText, Layers, type LucideIcon, Sparkles } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Section } from './Section.tsx';

interface Benefit {
  title: string;
  body: string;
  Icon: LucideIcon;
}

const BENEFITS: readonly Benefit[] = [
  {
    title: 'Comprehensible Input',
    body: 'You acquire a language by understanding messages in it. Every story is written just above your level, so you follow the plot and pick up new words from context.',
    Icon: BookOpenText,
  },
  {
    title: 'Captivating Content',
    body: 'Mysteries, adventures, romance and everyday life, told by native speakers. You keep reading because you want to know what happens next, not because an app nags you.',
    Icon: Sparkles,
  },
  {
    title: 'Progressive Structure',
    body: 'Stories climb five levels, from Infant to Expert, in chapters short enough for one sitting. Step up a level whenever the text starts to feel easy.',
    Icon: Layers,
  },
];

/** Three cards on what acquiring a language takes, and how Catamaran provides each. */
export function Benefits() {
  return (
    <Section
      id="benefits"
      eyebrow="The method"
      title="What You Need to Acquire a Language"
      intro="Decades of research agree on the ingredients. Catamaran puts all three in every chapter."
      className="bg-white"
    >
      <ul className="grid gap-5 md:grid-cols-3 md:gap-6">
        {BENEFITS.map(({ title, body, Icon }) => (
          <li key={title} className="flex">
            <Card className="w-full">
              <CardHeader className="gap-3">
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle>{title}</CardTitle>
                <CardDescription>{body}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
