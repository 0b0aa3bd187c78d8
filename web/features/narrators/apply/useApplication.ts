import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apply } from '#common/endpoints/narrators.ts';
import { formatCount, pluralForm } from '#common/plural.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import type { FormLanguage } from '#common/schemas/narrators.ts';
import { ApiError } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { applicationReceivedState } from '../applicationReceived.tsx';
import {
  type ApplicationDraft,
  type ApplicationFieldName,
  checkDraft,
  EMPTY_DRAFT,
  type FieldProblem,
  type FieldProblems,
  isRequiredField,
} from './form.ts';
import { APPLY_STRINGS, type ApplyStrings } from './strings.ts';

/** How long the success message stays before the applicant is taken on (learner.md §4, §9: 2 seconds). */
export const REDIRECT_AFTER_MS = 2000;

/**
 * Why a send failed: any refusal or network failure, or the server's "too many" (429), which says how long to
 * wait (its Retry-After), when it does.
 */
export type Failure = { kind: 'failed' } | { kind: 'rate_limited'; retryAfterSeconds: number | undefined };

/** A failure as one sentence in the form's language: the spec's failure, or the wait of a 429 alone. */
export function failureSentence(t: ApplyStrings, language: FormLanguage, failure: Failure): string {
  if (failure.kind === 'failed') return t.failure;
  if (failure.retryAfterSeconds === undefined) return t.rateLimited;
  const minutes = Math.max(1, Math.ceil(failure.retryAfterSeconds / 60));
  return pluralForm(minutes, t.rateLimitedFor, language).replace('{minutes}', formatCount(minutes, language));
}

function problemText(t: ApplyStrings, field: ApplicationFieldName, problem: FieldProblem): string {
  switch (problem) {
    case 'required':
      return isRequiredField(field) ? t.errors.required[field] : t.errors.invalid;
    case 'invalid_email':
      return t.errors.invalidEmail;
    case 'too_long':
      return t.errors.tooLong;
    case 'invalid':
      return t.errors.invalid;
  }
}

/**
 * Once the application is sent from `sentFrom`: the focus on the thank-you, then, after REDIRECT_AFTER_MS, the
 * dashboard, which sends a signed-out applicant on to sign in; the state carried along tells that screen why.
 */
function useOnwardOnceSent(sentFrom: string | undefined, successMessage: RefObject<HTMLDivElement | null>) {
  const navigate = useNavigate();
  useEffect(() => {
    if (sentFrom === undefined) return;
    successMessage.current?.focus();
    const timer = window.setTimeout(
      () => void navigate(CLIENT_ROUTES.dashboard, { state: applicationReceivedState(sentFrom) }),
      REDIRECT_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [sentFrom, navigate, successMessage]);
}

/**
 * The application's answers and their sending (learner.md §4, §5, §8): each answer is checked with the
 * server's own schema before anything is sent, and the first one to fix takes the focus; once sent, the
 * success message with the next step, then the dashboard after REDIRECT_AFTER_MS; a failure keeps every answer.
 */
export function useApplication(language: FormLanguage) {
  const t = APPLY_STRINGS[language];
  const [draft, setDraft] = useState<ApplicationDraft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  // The address the application was sent from, once sent: the sample video is asked for from it.
  const [sentFrom, setSentFrom] = useState<string>();
  const isSent = sentFrom !== undefined;
  const form = useRef<HTMLFormElement>(null);
  const failureMessage = useRef<HTMLDivElement>(null);
  const successMessage = useRef<HTMLDivElement>(null);

  // After a refused submit, the first answer to fix takes the focus, in the order the form shows them.
  useEffect(() => {
    if (invalidSubmits === 0) return;
    form.current
      ?.querySelector<HTMLElement>('input[aria-invalid="true"], textarea[aria-invalid="true"]')
      ?.focus();
  }, [invalidSubmits]);

  // The fields were disabled while sending, so the focus was lost: it goes to the failure, just above Submit.
  useEffect(() => {
    if (failure) failureMessage.current?.focus();
  }, [failure]);

  useOnwardOnceSent(sentFrom, successMessage);

  function update<Field extends ApplicationFieldName>(field: Field, value: ApplicationDraft[Field]) {
    setDraft((current) => ({ ...current, [field]: value }));
    setProblems((current) => {
      if (!current[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }

  const errorOf = (field: ApplicationFieldName): string | undefined => {
    const problem = problems[field];
    return problem ? problemText(t, field, problem) : undefined;
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    setFailure(undefined);
    const check = checkDraft(draft, language);
    if (!check.isValid) {
      setProblems(check.problems);
      setInvalidSubmits((count) => count + 1);
      return;
    }
    setProblems({});
    setIsSubmitting(true);
    try {
      await call(apply, { body: check.application });
      setSentFrom(check.application.email);
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn('The application could not be sent', error);
      setFailure(
        error instanceof ApiError && error.status === 429
          ? { kind: 'rate_limited', retryAfterSeconds: error.retryAfterSeconds }
          : { kind: 'failed' },
      );
    } finally {
      setIsSubmitting(false);
    }
  }

  const refs = { form, failureMessage, successMessage };
  const failureText = failure ? failureSentence(t, language, failure) : undefined;
  return { t, draft, update, errorOf, isSubmitting, failureText, isSent, sentFrom, handleSubmit, refs };
}

/** The application's state, as the form's parts read it. */
export type Application = ReturnType<typeof useApplication>;
