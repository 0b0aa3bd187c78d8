import { plural } from '#common/plural.ts';
import type { ReadAlongPreview } from '#common/schemas/readAlong.ts';
import { formatStart } from './timings.ts';

const FORMAT_NAMES: Record<ReadAlongPreview['format'], string> = { vtt: 'WebVTT', srt: 'SRT', lrc: 'LRC' };

/** How much of the chapter a file's cues found, and what they left out: cues matching no text, broken lines. */
export function MatchReport({ report }: { report: ReadAlongPreview }) {
  const matched = report.sentences.filter((sentence) => sentence.start !== null).length;
  const total = report.sentences.length;
  const complete = matched === total && report.unmatched_cues.length === 0 && report.problems.length === 0;
  return (
    <section
      aria-label="Match report"
      className={
        complete
          ? 'rounded-lg bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200 ring-inset'
          : 'rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset'
      }
    >
      <p className="font-medium">
        {FORMAT_NAMES[report.format]} file: {matched} of{' '}
        {plural(total, { one: 'sentence', other: 'sentences' })} matched, {Math.round(report.coverage * 100)}{' '}
        % of the text.
      </p>
      {matched < total ? (
        <p className="mt-1">
          Sentences without a start are read with the one before; nudge or tap them if they need their own.
        </p>
      ) : null}
      {report.unmatched_cues.length > 0 ? (
        <details className="mt-2">
          <summary className="cursor-pointer font-medium">
            {plural(report.unmatched_cues.length, { one: 'cue', other: 'cues' })} matched no text
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {report.unmatched_cues.map((cue) => (
              <li key={`${cue.start}-${cue.text}`}>
                <span className="tabular-nums">{formatStart(cue.start)}</span> {cue.text}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.problems.length > 0 ? (
        <details className="mt-2" open>
          <summary className="cursor-pointer font-medium">
            {plural(report.problems.length, {
              one: '{count} line was skipped',
              other: '{count} lines were skipped',
            })}
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {report.problems.map((problem) => (
              <li key={`${problem.line}-${problem.message}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
