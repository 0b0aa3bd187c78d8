import { plural } from '#common/plural.ts';
import type { Comprehension } from '#common/schemas/library.ts';

/**
 * How much of a story or chapter the learner knows (issue 22): "You know 94 % · 37 new words", and a sentence for
 * screen readers; nothing below the threshold of known terms (comprehension null).
 */
export function KnownShare({
  comprehension,
  of,
  className = '',
}: {
  comprehension: Comprehension;
  /** What the share is of, for the spoken sentence: "this story's words". */
  of: 'story' | 'chapter';
  className?: string;
}) {
  if (!comprehension) return null;
  const percent = comprehension.known_percent;
  const fresh = comprehension.new_words;
  return (
    <span className={`text-sm text-slate-600 ${className}`}>
      <span aria-hidden="true">
        <span className="font-semibold text-emerald-800">You know {percent} %</span>
        {' · '}
        <span className="whitespace-nowrap">{plural(fresh, { one: 'new word', other: 'new words' })}</span>
      </span>
      <span className="sr-only">
        You know {percent} % of this {of}'s words; {plural(fresh, { one: 'is new', other: 'are new' })}
      </span>
    </span>
  );
}
