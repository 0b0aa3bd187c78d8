import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { apply } from '#common/endpoints/narrators.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import type { FormLanguage } from '#common/schemas/narrators.ts';
import { ApiError } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
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

/** Why a send failed: any refusal or network failure, or the server's "too many" (429), which says more. */
export type Failure = 'failed' | 'rate_limited';

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
 * The application's answers and their sending (learner.md §4, §5, §8): each answer is checked with the
 * server's own schema before anything is sent, and the first one to fix takes the focus; once sent, the
 * success message, then the dashboard after REDIRECT_AFTER_MS; a failure keeps every answer.
 */
export function useApplication(language: FormLanguage) {
  const t = APPLY_STRINGS[language];
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ApplicationDraft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure>();
  const [isSent, setIsSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const failureMessage = useRef<HTMLDivElement>(null);
  const successMessage = useRef<HTMLParagraphElement>(null);

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

  useEffect(() => {
    if (!isSent) return;
    successMessage.current?.focus();
    const timer = window.setTimeout(() => void navigate(CLIENT_ROUTES.dashboard), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [isSent, navigate]);

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
      setIsSent(true);
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn('The application could not be sent', error);
      setFailure(error instanceof ApiError && error.status === 429 ? 'rate_limited' : 'failed');
    } finally {
      setIsSubmitting(false);
    }
  }

  const refs = { form, failureMessage, successMessage };
  return { t, draft, update, errorOf, isSubmitting, failure, isSent, handleSubmit, refs };
}

/** The application's state, as the form's parts read it. */
export type Application = ReturnType<typeof useApplication>;
