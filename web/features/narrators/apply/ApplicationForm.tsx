import { CircleAlert } from 'lucide-react';
import { WEEKLY_HOURS_CHOICES } from '#common/schemas/narrators.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { CheckboxGroup, ChoiceGroup, FormSection, TextField } from './fields.tsx';
import {
  isRequiredField,
  STORY_TYPE_FIELDS,
  TEXT_LIMITS,
  type TextFieldName,
  type YesNoFieldName,
} from './form.ts';
import { HINT_FIELDS, PLACEHOLDER_FIELDS } from './strings.ts';
import type { Application } from './useApplication.ts';

function isOneOf<Value extends string>(list: readonly Value[], value: string): value is Value {
  return (list as readonly string[]).includes(value);
}

/** The application's questions, in the sections of learner.md §5, then the failure message and Submit. */
export function ApplicationForm({ application, titleId }: { application: Application; titleId: string }) {
  const { t, isSubmitting } = application;
  const text = (field: TextFieldName, options: TextAnswerOptions = {}) => (
    <TextAnswer application={application} field={field} {...options} />
  );
  const yesNo = (field: YesNoFieldName) => <YesNoAnswer application={application} field={field} />;
  return (
    <form
      ref={application.refs.form}
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void application.handleSubmit(event)}
      className="flex flex-col gap-6"
    >
      <p className="text-sm text-slate-600">{t.requiredNote}</p>
      <FormSection title={t.sections.basic} isDisabled={isSubmitting}>
        {text('full_name', { autoComplete: 'name' })}
        {text('email', { type: 'email', autoComplete: 'email' })}
        {text('city_country')}
        {text('native_languages')}
      </FormSection>
      <FormSection title={t.sections.experience} isDisabled={isSubmitting}>
        {text('experience_text', { rows: 5 })}
        {yesNo('camera_comfortable')}
        {text('accent_description', { rows: 3 })}
      </FormSection>
      <FormSection title={t.sections.technical} isDisabled={isSubmitting}>
        {yesNo('quiet_env')}
        {yesNo('can_purchase_mic')}
        {yesNo('willing_submit_sample')}
      </FormSection>
      <FormSection title={t.sections.other} isDisabled={isSubmitting}>
        <WeeklyHoursAnswer application={application} />
        {text('desired_hourly_rate')}
        <CheckboxGroup
          legend={t.storyTypes}
          hint={t.storyTypesHint}
          boxes={STORY_TYPE_FIELDS.map((field) => ({
            name: field,
            label: t.labels[field],
            checked: application.draft[field],
          }))}
          onChange={(field, checked) => application.update(field, checked)}
        />
      </FormSection>
      <FormSection title={t.sections.responses} isDisabled={isSubmitting}>
        {text('why_catamaran', { rows: 4 })}
        {text('fit_for_learners', { rows: 4 })}
        {text('expressive_reading', { rows: 4 })}
        {text('anything_else', { rows: 4 })}
      </FormSection>
      <SubmitRow application={application} />
    </form>
  );
}

interface TextAnswerOptions {
  rows?: number;
  type?: 'email';
  autoComplete?: string;
}

/** A written answer: one line, or several (`rows`), the whole width of the section. */
function TextAnswer({
  application: { t, draft, update, errorOf },
  field,
  rows,
  type,
  autoComplete,
}: TextAnswerOptions & { application: Application; field: TextFieldName }) {
  return (
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
      rows={rows}
      type={type}
      autoComplete={autoComplete}
      isWide={Boolean(rows)}
    />
  );
}

/** A yes-or-no question; unanswered until one is picked. */
function YesNoAnswer({
  application: { t, draft, update, errorOf },
  field,
}: {
  application: Application;
  field: YesNoFieldName;
}) {
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
}

function WeeklyHoursAnswer({ application: { t, draft, update, errorOf } }: { application: Application }) {
  return (
    <ChoiceGroup
      name="weekly_hours_choice"
      legend={t.labels.weekly_hours_choice}
      choices={WEEKLY_HOURS_CHOICES.map((choice) => ({
        value: choice,
        label: t.weeklyHours[choice],
      }))}
      value={draft.weekly_hours_choice}
      onChange={(value) =>
        update('weekly_hours_choice', WEEKLY_HOURS_CHOICES.find((choice) => choice === value) ?? null)
      }
      isRequired
      error={errorOf('weekly_hours_choice')}
      choicesClassName="grid gap-3 sm:grid-cols-2"
      isWide
    />
  );
}

/** Why the last send failed, if it did, above Submit. */
function SubmitRow({ application: { t, failureText, isSubmitting, refs } }: { application: Application }) {
  return (
    <div className="flex flex-col gap-4">
      {failureText ? (
        <div
          ref={refs.failureMessage}
          role="alert"
          tabIndex={-1}
          className="flex items-start gap-2.5 rounded-lg bg-red-50 px-4 py-3 text-base font-medium text-red-800 ring-1 ring-red-200 ring-inset focus:outline-none"
        >
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p>{failureText}</p>
        </div>
      ) : null}
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full sm:w-auto sm:self-start">
        {isSubmitting ? t.submitting : t.submit}
      </Button>
    </div>
  );
}
