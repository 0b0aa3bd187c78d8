import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { DAILY_GOAL_ERROR, DAILY_GOAL_MAX_MINUTES, DAILY_GOAL_MIN_MINUTES } from '#common/activity.ts';
import type { DailyGoal } from '#common/schemas/library.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/Dialog.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { focusTriggerOnClose, type LazyDialogProps } from '#web/components/ui/lazyDialog.ts';
import { useDownloadOwner } from '#web/features/offline/useDownloads.ts';
import { ApiError } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { GOAL_TEXT, parseGoal } from './goal.ts';
import { saveDailyGoal } from './queries.ts';

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
 * The goal's edit dialog, mounted while it is open (DailyGoalBar.tsx loads it then). It opens on the minutes
 * field, its number selected to be typed over; however it closes (Esc, Cancel, ✕ or a save), focus goes back to
 * the edit button, which is its trigger. It cannot be closed while the goal saves.
 */
export function GoalDialog({
  language,
  current,
  open,
  onOpenChange,
  contentId,
  trigger,
}: LazyDialogProps & { language: string; current: DailyGoal }) {
  const queryClient = useQueryClient();
  const owner = useDownloadOwner();
  const minutesField = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(String(current.goal_minutes));
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const formId = useId();

  function handleOpenChange(next: boolean) {
    if (!saving) onOpenChange(next);
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
      onOpenChange(false);
    } catch (failure) {
      setError(saveFailure(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        id={contentId}
        title="Daily Goal"
        description="How many minutes do you want to read each day?"
        onOpenAutoFocus={focusOnOpen(minutesField)}
        onCloseAutoFocus={focusTriggerOnClose(trigger)}
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
