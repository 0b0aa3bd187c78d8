import { Pencil, Target } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { formatCount, plural } from '#common/plural.ts';
import type { DailyGoal } from '#common/schemas/library.ts';
import { Button, type ButtonProps } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { lazyDialog, useLazyDialog } from '#web/components/ui/lazyDialog.ts';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { GOAL_TEXT } from './goal.ts';
import { useDailyGoal } from './queries.ts';

export { GOAL_TEXT, parseGoal } from './goal.ts';

// The goal's dialog loads when the learner first reaches for it, out of the library's first load (decision 094).
const Goal = lazyDialog(() => import('./GoalDialog.tsx').then((module) => module.GoalDialog));

/**
 * Today's reading against the daily goal in the chosen language (spec/learner.md §2, §4): blue until the goal
 * is met, then green with its message; the fill stops at 100 %. Hidden when the goal cannot be loaded (§8:
 * only logged).
 */
export function DailyGoalBar({ language }: { language: string }) {
  const goal = useDailyGoal(language);
  useEffect(() => {
    if (goal.error) console.warn('Could not load the daily goal', goal.error);
  }, [goal.error]);
  if (!goal.data) return goal.isPending ? <GoalBarSpace /> : null;

  const { goal_minutes: target, today_minutes: today, percentage } = goal.data;
  const done = percentage >= 100;
  return (
    <section
      aria-label="Daily goal"
      className={cn(
        'rounded-2xl border p-4 shadow-sm sm:p-5',
        done ? 'border-green-200 bg-green-50' : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            className={cn(
              'flex size-10 shrink-0 items-center justify-center rounded-xl',
              done ? 'bg-green-100 text-green-700' : 'bg-blue-50 text-blue-700',
            )}
          >
            <Target className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h2 className="font-semibold text-slate-900">Daily Goal</h2>
            <p className="text-sm text-slate-600">
              {formatCount(today)} / {plural(target, { one: 'minute', other: 'minutes' })} today ·{' '}
              {percentage}%
            </p>
          </div>
        </div>
        <GoalEditor language={language} current={goal.data} />
      </div>
      <ProgressBar
        value={percentage}
        label="Daily goal progress"
        tone={done ? 'green' : 'blue'}
        className="mt-3"
      />
      {done ? <p className="mt-2 text-sm font-semibold text-green-800">{GOAL_TEXT.completed}</p> : null}
    </section>
  );
}

/**
 * While the goal loads: the bar's space, empty, so the story list below does not move down when it comes
 * (CLS, docs/decisions/089). The same box, icon row and bar heights as the bar itself.
 */
function GoalBarSpace() {
  return (
    <div aria-hidden="true" className="invisible rounded-2xl border p-4 sm:p-5">
      <div className="flex items-center gap-3">
        <span className="size-10 shrink-0" />
        <div className="h-10" />
      </div>
      <div className="mt-3 h-2.5" />
    </div>
  );
}

/** The pencil that opens the goal's dialog: its trigger, so the focus comes back to it when the dialog closes. */
function EditGoalButton(props: ButtonProps) {
  return (
    <Button variant="outline" size="sm" aria-label="Edit daily goal" {...props}>
      <Pencil className="size-4" aria-hidden="true" />
      <span className="hidden sm:inline">Edit goal</span>
    </Button>
  );
}

/** The edit button and, while open, the goal's dialog (GoalDialog.tsx). */
function GoalEditor({ language, current }: { language: string; current: DailyGoal }) {
  const [open, setOpen] = useState(false);
  const { triggerProps, dialogProps } = useLazyDialog(Goal.preload, { open, onOpenChange: setOpen });
  return (
    <>
      <EditGoalButton {...triggerProps} />
      {open ? (
        <Suspense fallback={null}>
          <Goal.Dialog {...dialogProps} language={language} current={current} />
        </Suspense>
      ) : null}
    </>
  );
}
