import { ChevronDown } from 'lucide-react';
import { Section } from './Section.tsx';

interface Question {
  question: string;
  answer: string;
}

// Five questions in the order of spec/learner.md §2.
export const FAQ: readonly Question[] = [
  {
    question: 'What is comprehensible input?',
    answer:
      'Comprehensible input is language you understand, even when you do not know every word. The linguist Stephen Krashen argued that we acquire a language by understanding messages in it, not by memorising rules. The sweet spot is text a little above your current level: the context carries you through, and new words and grammar sink in along the way. Every Catamaran story is graded so you can read in that sweet spot.',
  },
  {
    question: 'Can I learn from videos and audio, too?',
    answer:
      'Yes. Every language has a growing library of narrated stories and videos recorded by native speakers. Listening while you read ties each written word to its sound, which helps your pronunciation and trains your ear for natural speed. The audio player lets you jump back five seconds or loop a passage you want to hear again, and you can always read without sound.',
  },
  {
    question: 'How is Catamaran different from other language apps?',
    answer:
      'There are no flashcards and no games: you spend your time with real stories, graded by level from Infant to Expert so the text fits what you already know. When a word stops you, tap it to see a dictionary translation without leaving the page. Every word you look up is saved to your personal list, so you can see which words keep coming back. Your progress comes from the reading itself, not from drills.',
  },
  {
    question: 'Does learning by reading really work?',
    answer:
      "It rests on solid ground: Krashen's input hypothesis and decades of research on extensive reading show that people who read a lot of understandable text grow their vocabulary, grammar and reading speed. It is not magic, though. Results come from regular input over weeks and months, and twenty minutes most days does more than an occasional marathon. That is why Catamaran lets you set a daily goal and keeps your streak.",
  },
  {
    question: 'How can I see my progress?',
    answer:
      'Your Progress page shows the words you have read, the points you have earned, your level and your daily streak. A calendar shows how many minutes you read each day, so you can watch the habit take shape. In your library, a daily goal bar tracks today\u2019s minutes against the goal you set. Finished chapters and stories are marked, so you always know where you left off.',
  },
];

/** Five questions and answers as native disclosure widgets: keyboard-operable and working without script. */
export function Faq() {
  return (
    <Section id="faq" eyebrow="FAQ" title="Frequently Asked Questions">
      <div className="mx-auto flex max-w-3xl flex-col gap-3">
        {FAQ.map((item) => (
          <details
            key={item.question}
            className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:ring-1 open:ring-brand-200"
          >
            <summary className="flex min-h-14 list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 sm:text-lg">
              {item.question}
              <ChevronDown
                className="size-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="px-5 pb-5 text-base text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
