import { CircleAlert, CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import {
  FORM_LANGUAGE_LABELS,
  FORM_LANGUAGES,
  type FormLanguage,
  WEEKLY_HOURS_CHOICES,
} from '#common/schemas/teacher-application.ts';
import { PublicHeader } from '#web/components/PublicHeader.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { ApiError, api } from '#web/lib/api.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { CheckboxGroup, ChoiceGroup, FormSection, TextField } from './fields.tsx';
import {
  type ApplicationDraft,
  type ApplicationFieldName,
  checkDraft,
  EMPTY_DRAFT,
  type FieldProblem,
  type FieldProblems,
  isRequiredField,
  preferredFormLanguage,
  STORY_TYPE_FIELDS,
  TEXT_LIMITS,
  type TextFieldName,
  type YesNoFieldName,
} from './form.ts';
import {
  APPLY_STRINGS,
  type ApplyStrings,
  FORM_LANGUAGE_NATIVE_NAMES,
  HINT_FIELDS,
  PLACEHOLDER_FIELDS,
} from './strings.ts';

/** How long the success message stays before the applicant is taken on (learner.md §4, §9: 2 seconds). */
export const REDIRECT_AFTER_MS = 2000;

/** Why a send failed: any refusal or network failure, or the server's "too many" (429), which says more. */
type Failure = 'failed' | 'rate_limited';

const LANGUAGE_CHOICES = FORM_LANGUAGES.map((language) => ({
  value: language,
  label: FORM_LANGUAGE_NATIVE_NAMES[language],
  secondary: language === 'en' ? undefined : FORM_LANGUAGE_LABELS[language],
  lang: language,
}));

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

function isOneOf<Value extends string>(list: readonly Value[], value: string): value is Value {
  return (list as readonly string[]).includes(value);
}

/** The browser's languages in order of preference (navigator.languages is empty in a few embedded browsers). */
function browserLanguages(): readonly string[] {
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

/**
 * /apply (learner.md §2, §4, §5, §8): the public narrator application, written in English, Spanish, French or
 * Chinese; the picker translates the whole page and the choice is sent as form_language. The browser checks
 * the answers with the server's own schema before anything is sent; then the success message and, after
 * REDIRECT_AFTER_MS, the dashboard (where a signed-out applicant is sent on to sign in), or the failure message
 * with every answer kept.
 */
export function ApplyPage() {
  const [language, setLanguage] = useState<FormLanguage>(() => preferredFormLanguage(browserLanguages()));
  const t = APPLY_STRINGS[language];
  useDocumentTitle(t.documentTitle);
  const navigate = useNavigate();
  const titleId = useId();
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
      await api('/api/teacher-application/', { method: 'POST', body: check.application });
      setIsSent(true);
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn('The application could not be sent', error);
      setFailure(error instanceof ApiError && error.status === 429 ? 'rate_limited' : 'failed');
    } finally {
      setIsSubmitting(false);
    }
  }

  const textField = (
    field: TextFieldName,
    options: { rows?: number; type?: 'email'; autoComplete?: string } = {},
  ) => (
    <TextField
      id={field}
      label={t.labels[field]}
      value={draft[field]}
      onChange={(value) => update(field, value)}
      maxLength={TEXT_LIMITS[field]}
      isRequired={isRequiredField(field)}
      placeholder={isOneOf(PLACEHOLDER_FIELDS, field) ? t.placeholders[field] : undefined}
      hint={isOneOf(HINT_FIELDS, field) ? t.hints[field] : undefined}
      error={errorOf(field)}
      rows={options.rows}
      type={options.type}
      autoComplete={options.autoComplete}
      isWide={Boolean(options.rows)}
    />
  );

  const yesNoField = (field: YesNoFieldName) => {
    const answer = draft[field];
    return (
      <ChoiceGroup
        name={field}
        legend={t.labels[field]}
        choices={[
          { value: 'yes', label: t.yes },
          { value: 'no', label: t.no },
        ]}
        value={answer === null ? null : answer ? 'yes' : 'no'}
        onChange={(value) => update(field, value === 'yes')}
        isRequired={isRequiredField(field)}
        error={errorOf(field)}
        isWide
      />
    );
  };

  return (
    <div lang={language} className="min-h-dvh bg-slate-50">
      <PublicHeader />
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <div className="flex flex-col gap-2">
          <h1 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {t.title}
          </h1>
          {isSent ? null : <p className="text-lg text-slate-600">{t.intro}</p>}
        </div>
        {isSent ? (
          <Card className="items-center gap-4 px-5 py-10 text-center sm:px-6">
            <CircleCheck className="size-12 text-green-600" aria-hidden="true" />
            <p
              ref={successMessage}
              role="status"
              tabIndex={-1}
              className="max-w-md text-xl font-semibold text-slate-900 focus:outline-none"
            >
              {t.success}
            </p>
          </Card>
        ) : (
          <>
            <Card className="p-5 sm:p-6">
              <ChoiceGroup
                name="form_language"
                legend={t.formLanguage}
                choices={LANGUAGE_CHOICES}
                value={language}
                onChange={(value) => setLanguage(FORM_LANGUAGES.find((code) => code === value) ?? 'en')}
                isDisabled={isSubmitting}
                choicesClassName="grid grid-cols-2 gap-3 sm:grid-cols-4"
              />
            </Card>
            <form
              ref={form}
              noValidate
              aria-labelledby={titleId}
              onSubmit={(event) => void handleSubmit(event)}
              className="flex flex-col gap-6"
            >
              <p className="text-sm text-slate-600">{t.requiredNote}</p>
              <FormSection title={t.sections.basic} isDisabled={isSubmitting}>
                {textField('full_name', { autoComplete: 'name' })}
                {textField('email', { type: 'email', autoComplete: 'email' })}
                {textField('city_country')}
                {textField('native_languages')}
              </FormSection>
              <FormSection title={t.sections.experience} isDisabled={isSubmitting}>
                {textField('experience_text', { rows: 5 })}
                {yesNoField('camera_comfortable')}
                {textField('accent_description', { rows: 3 })}
              </FormSection>
              <FormSection title={t.sections.technical} isDisabled={isSubmitting}>
                {yesNoField('quiet_env')}
                {yesNoField('can_purchase_mic')}
                {yesNoField('willing_submit_sample')}
              </FormSection>
              <FormSection title={t.sections.other} isDisabled={isSubmitting}>
                <ChoiceGroup
                  name="weekly_hours_choice"
                  legend={t.labels.weekly_hours_choice}
                  choices={WEEKLY_HOURS_CHOICES.map((choice) => ({
                    value: choice,
                    label: t.weeklyHours[choice],
                  }))}
                  value={draft.weekly_hours_choice}
                  onChange={(value) =>
                    update(
                      'weekly_hours_choice',
                      WEEKLY_HOURS_CHOICES.find((choice) => choice === value) ?? null,
                    )
                  }
                  isRequired
                  error={errorOf('weekly_hours_choice')}
                  choicesClassName="grid gap-3 sm:grid-cols-2"
                  isWide
                />
                {textField('desired_hourly_rate')}
                <CheckboxGroup
                  legend={t.storyTypes}
                  hint={t.storyTypesHint}
                  boxes={STORY_TYPE_FIELDS.map((field) => ({
                    name: field,
                    label: t.labels[field],
                    checked: draft[field],
                  }))}
                  onChange={(field, checked) => update(field, checked)}
                />
              </FormSection>
              <FormSection title={t.sections.responses} isDisabled={isSubmitting}>
                {textField('why_catamaran', { rows: 4 })}
                {textField('fit_for_learners', { rows: 4 })}
                {textField('expressive_reading', { rows: 4 })}
                {textField('anything_else', { rows: 4 })}
              </FormSection>
              <div className="flex flex-col gap-4">
                {failure ? (
                  <div
                    ref={failureMessage}
                    role="alert"
                    tabIndex={-1}
                    className="flex items-start gap-2.5 rounded-lg bg-red-50 px-4 py-3 text-base font-medium text-red-800 ring-1 ring-red-200 ring-inset focus:outline-none"
                  >
                    <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                    <p>
                      {t.failure}
                      {failure === 'rate_limited' ? ` ${t.rateLimited}` : null}
                    </p>
                  </div>
                ) : null}
                <Button
                  type="submit"
                  size="lg"
                  loading={isSubmitting}
                  className="w-full sm:w-auto sm:self-start"
                >
                  {isSubmitting ? t.submitting : t.submit}
                </Button>
              </div>
            </form>
          </>
        )}
      </main>
    </div>
  );
}
