import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useId, useState } from 'react';
import { toggleContacted } from '#common/endpoints/narrators.ts';
import {
  FORM_LANGUAGE_LABELS,
  type TeacherApplication,
  WEEKLY_HOURS_LABELS,
} from '#common/schemas/narrators.ts';
import { cn } from '#web/components/ui/cn.ts';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { queryKeys } from '#web/lib/queryKeys.ts';
import { ApplicantVideos } from './ApplicantVideos.tsx';
import { DateText } from './states.tsx';

const NOT_ANSWERED = <span className="text-slate-500 italic">Not answered</span>;

function yesNo(value: boolean | null): ReactNode {
  if (value === null) return NOT_ANSWERED;
  return value ? 'Yes' : 'No';
}

/** An optional text answer: blank means not answered. */
function text(value: string): ReactNode {
  return value.trim() === '' ? NOT_ANSWERED : value;
}

function storyTypes(application: TeacherApplication): ReactNode {
  const types = [
    application.topics_general && 'General (all audiences)',
    application.topics_18 && '18+ (mature themes)',
    application.topics_nsfw && 'NSFW (explicit content)',
  ].filter((type): type is string => typeof type === 'string');
  if (types.length === 0) return <span className="text-slate-500 italic">None selected</span>;
  return (
    <ul className="list-inside list-disc">
      {types.map((type) => (
        <li key={type}>{type}</li>
      ))}
    </ul>
  );
}

interface Answer {
  label: string;
  value: (application: TeacherApplication) => ReactNode;
  /** A long answer: the whole width of the pane. */
  isWide?: boolean;
}

/** Every answer of an application, in the /apply form's sections and order, under labels an admin reads. */
const ANSWER_SECTIONS: { title: string; answers: Answer[] }[] = [
  {
    title: 'Basic info',
    answers: [
      { label: 'Full name', value: (a) => a.full_name },
      {
        label: 'Email',
        value: (a) => (
          <a href={`mailto:${a.email}`} className="break-all text-brand-800 underline hover:text-brand-900">
            {a.email}
          </a>
        ),
      },
      { label: 'City and country', value: (a) => a.city_country },
      { label: 'Native languages', value: (a) => a.native_languages },
      { label: 'Form language', value: (a) => FORM_LANGUAGE_LABELS[a.form_language] },
      { label: 'Submitted', value: (a) => <DateText iso={a.created_at} withTime /> },
    ],
  },
  {
    title: 'Experience',
    answers: [
      { label: 'Job experience', value: (a) => a.experience_text, isWide: true },
      { label: 'Comfortable on camera', value: (a) => yesNo(a.camera_comfortable) },
      { label: 'Accent', value: (a) => text(a.accent_description), isWide: true },
    ],
  },
  {
    title: 'Technical setup',
    answers: [
      { label: 'Quiet place to record', value: (a) => yesNo(a.quiet_env) },
      { label: 'Could buy a mid-grade microphone', value: (a) => yesNo(a.can_purchase_mic) },
      { label: 'Willing to submit a sample recording', value: (a) => yesNo(a.willing_submit_sample) },
    ],
  },
  {
    title: 'Other',
    answers: [
      { label: 'Weekly hours', value: (a) => WEEKLY_HOURS_LABELS[a.weekly_hours_choice] },
      { label: 'Desired hourly rate', value: (a) => text(a.desired_hourly_rate) },
      { label: 'Story types', value: storyTypes, isWide: true },
    ],
  },
  {
    title: 'Short responses',
    answers: [
      { label: 'Why Catamaran', value: (a) => a.why_catamaran, isWide: true },
      { label: 'Fit for helping learners', value: (a) => text(a.fit_for_learners), isWide: true },
      { label: 'Reading aloud with expression', value: (a) => text(a.expressive_reading), isWide: true },
      { label: 'Anything else', value: (a) => text(a.anything_else), isWide: true },
    ],
  },
];

/** One application's answers, in sections, with its Contacted box and the sample videos sent from its address. */
export function ApplicationDetail({
  application,
  headingRef,
}: {
  application: TeacherApplication;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-6 rounded-xl border border-slate-200 p-4 sm:p-5"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h3
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold break-words text-slate-900 focus:outline-none"
          >
            {application.full_name}
          </h3>
          <p className="text-sm text-slate-600">
            Applied <DateText iso={application.created_at} /> · Form in{' '}
            {FORM_LANGUAGE_LABELS[application.form_language]}
          </p>
        </div>
        <ContactedControl application={application} />
      </div>

      <ApplicantVideos email={application.email} />

      {ANSWER_SECTIONS.map((section) => (
        <AnswerSection
          key={section.title}
          title={section.title}
          answers={section.answers}
          application={application}
        />
      ))}
    </section>
  );
}

function AnswerSection({
  title,
  answers,
  application,
}: {
  title: string;
  answers: Answer[];
  application: TeacherApplication;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-slate-200 pt-5">
      <h4 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h4>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {answers.map((answer) => (
          <div
            key={answer.label}
            className={cn('flex min-w-0 flex-col gap-0.5', answer.isWide && 'sm:col-span-2')}
          >
            <dt className="text-sm font-medium text-slate-600">{answer.label}</dt>
            <dd className="text-base break-words whitespace-pre-wrap text-slate-900">
              {answer.value(application)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * The 'Contacted' checkbox. It shows the new state as soon as it is ticked (kept in this component's state, set
 * in the same event, so the box never flips back while the request starts) and stays unavailable until the
 * server answers; the answer then replaces the application in the list. On failure the cache was never
 * touched, so the box shows the previous state again, with the server's sentence (or 'Unexpected error').
 */
function ContactedControl({ application }: { application: TeacherApplication }) {
  const queryClient = useQueryClient();
  const hintId = useId();
  // The state the box was ticked to, until the server has answered.
  const [ticked, setTicked] = useState<boolean | undefined>(undefined);
  const toggle = useMutation({
    mutationFn: () => call(toggleContacted, { params: { id: application.id } }),
    onSuccess: (updated) => {
      queryClient.setQueryData<TeacherApplication[]>(queryKeys.narratorApplications(), (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
    },
    onError: (error) => console.warn('Could not change the contacted state.', error),
    onSettled: () => setTicked(undefined),
  });
  const isSaving = ticked !== undefined || toggle.isPending;
  const checked = ticked ?? application.contacted;

  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <label
        className={cn(
          'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2 text-base font-medium text-slate-900 shadow-sm',
          'has-checked:border-green-600 has-checked:bg-green-50 has-checked:text-green-900',
          'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
          isSaving && 'cursor-progress opacity-70',
        )}
      >
        <input
          type="checkbox"
          checked={checked}
          // aria-disabled rather than disabled: a disabled control drops the keyboard focus while it saves.
          aria-disabled={isSaving || undefined}
          aria-describedby={hintId}
          onChange={() => {
            if (isSaving) return;
            setTicked(!application.contacted);
            toggle.mutate();
          }}
          className="size-5 shrink-0 accent-green-700 focus-visible:outline-none"
        />
        Contacted
      </label>
      <p id={hintId} className="text-sm text-slate-600 sm:text-right">
        {isSaving ? (
          <Spinner label="Saving..." showLabel size="sm" className="text-slate-600" />
        ) : (
          'Tick once you have written to this applicant.'
        )}
      </p>
      {toggle.isError ? (
        <InlineAlert message={failureText(toggle.error, 'Unexpected error')} className="sm:max-w-xs" />
      ) : null}
    </div>
  );
}
