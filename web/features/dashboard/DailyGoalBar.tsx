import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Target } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { DAILY_GOAL_ERROR, DAILY_GOAL_MAX_MINUTES, DAILY_GOAL_MIN_MINUTES } from '#common/activity.ts';
import { formatCount, plural } from '#common/plural.ts';
import type { DailyGoal } from '#common/schemas/library.ts';
import { Button, type ButtonProps } from '#web/components/ui/Button.tsx';
import { cn } from '#web/components/ui/cn.ts';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
} from '#web/components/ui/Dialog.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { ProgressBar } from '#web/components/ui/ProgressBar.tsx';
import { useDownloadOwner } from '#web/features/offline/useDownloads.ts';
import { ApiError } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { saveDailyGoal, useDailyGoal } from './queries.ts';

/** The sentences of the goal (spec/learner.md §2, §5, §8). */
export const GOAL_TEXT = {
  completed: '🎉 Goal completed!',
  hint: 'Recommended: 15-60 minutes per day',
  saveFailed: 'Failed to update goal',
  networkFailed: 'An error occurred while saving your goal',
} as const;

/** Whether a typed goal is a whole number of minutes from 1 to 300 (spec/learner.md §5). */
export function parseGoal(text: string): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const minutes = Number(text);
  return minutes >= DAILY_GOAL_MIN_MINUTES && minutes <= DAILY_GOAL_MAX_MINUTES ? minutes : undefined;
}

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
        <GoalDialog language={language} current={goal.data} />
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

/**
 * A dialog's opening focus given to `field`, its text selected to be typed over, rather than to the dialog's first
 * focusable (the ✕ in its corner).
 */
function focusOnOpen(field: RefObject<HTMLInputElement | null>) {
  return (event: Event) => {
    event.preventDefault();
    field.current?.focus();
    field.current?.select();
  };
}

/** The sentence of a save that failed: the server's, or ours for a refusal without one or an unreachable server. */
function saveFailure(failure: unknown): string {
  if (failure instanceof ApiError && failure.status !== 0) {
    return failure.isServerMessage ? failure.message : GOAL_TEXT.saveFailed;
  }
  return GOAL_TEXT.networkFailed;
}

/**
 * The goal's edit dialog. It opens on the minutes field, its number selected to be typed over; however it
 * closes (Esc, Cancel, ✕ or a save), focus goes back to the edit button, which is its trigger.
 */
function GoalDialog({ language, current }: { language: string; current: DailyGoal }) {
  const queryClient = useQueryClient();
  const owner = useDownloadOwner();
  const minutesField = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const formId = useId();

  function handleOpenChange(next: boolean) {
    if (saving) return;
    setOpen(next);
    if (next) {
      setText(String(current.goal_minutes));
      setError(undefined);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minutes = parseGoal(text);
    if (minutes === undefined) {
      setError(DAILY_GOAL_ERROR);
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const saved = await saveDailyGoal(owner, language, minutes, current);
      queryClient.setQueryData(queryKeys.dailyGoal(language), saved);
      setOpen(false);
    } catch (failure) {
      setError(saveFailure(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <EditGoalButton />
      </DialogTrigger>
      <DialogContent
        title="Daily Goal"
        description="How many minutes do you want to read each day?"
        onOpenAutoFocus={focusOnOpen(minutesField)}
      >
        <form id={formId} onSubmit={handleSubmit} noValidate>
          <Input
            ref={minutesField}
            label="Minutes per day"
            type="number"
            inputMode="numeric"
            min={DAILY_GOAL_MIN_MINUTES}
            max={DAILY_GOAL_MAX_MINUTES}
            step={1}
            placeholder="60"
            hint={GOAL_TEXT.hint}
            error={error}
            value={text}
            disabled={saving}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={saving}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
