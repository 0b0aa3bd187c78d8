import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, Inbox, RotateCw } from 'lucide-react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ApplicantVideo,
  FORM_LANGUAGE_LABELS,
  SignedVideoUrl,
  TeacherApplication,
  WEEKLY_HOURS_LABELS,
} from '#common/schemas/teacher-application.ts';
import { formatMegabytes } from '#common/uploads.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { cn } from '#web/components/ui/cn.ts';
import { InlineAlert } from '#web/components/ui/InlineAlert.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/Tabs.tsx';
import { ApiError, api } from '#web/lib/api.ts';
import { apiErrorText } from '#web/lib/apiErrorText.ts';
import { ActionsCell, AdminTable, Cell, HeaderCell, Row } from '../AdminTable.tsx';
import { TEACHER_KEYS, useApplicantVideos, useTeacherApplications } from '../queries.ts';

const SUB_TABS = [
  { value: 'applications', label: 'Applications' },
  { value: 'videos', label: 'Videos' },
] as const;
type NarratorsView = (typeof SUB_TABS)[number]['value'];

/**
 * The narrators' tab, labelled 'Teachers' as admin.md §2 names it (the code says narrators everywhere, like
 * server/narrators/ and the public /apply and /submit-video screens): applications and sample videos, as two sub-tabs.
 */
export function NarratorsTab() {
  // The open sub-tab is in the address beside the dashboard's tab (?tab=teachers&view=videos), so a reload keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const view: NarratorsView = searchParams.get('view') === 'videos' ? 'videos' : 'applications';

  function handleViewChange(value: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'videos') next.set('view', 'videos');
        else next.delete('view');
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-xl">
          Teachers
        </CardTitle>
        <CardDescription>
          Applications from prospective narrators, and the sample videos applicants have sent.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={view} onValueChange={handleViewChange}>
          <TabsList aria-label="Teacher sections" className="self-start">
            {SUB_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="applications">
            <ApplicationsView />
          </TabsContent>
          <TabsContent value="videos">
            <VideosView />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Loading, failure and empty states, shared by both sub-tabs.

function LoadingState({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} showLabel className="text-brand-700" />
    </div>
  );
}

/** 'Failed to load' (or the server's sentence), with a Retry that asks again. */
function FailedState({
  error,
  isRetrying,
  onRetry,
}: {
  error: unknown;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div className="flex flex-col items-start gap-3">
      <InlineAlert message={apiErrorText(error, 'Failed to load')} className="w-full" />
      <Button variant="outline" loading={isRetrying} onClick={onRetry}>
        {isRetrying ? null : <RotateCw className="size-4" aria-hidden="true" />}
        Retry
      </Button>
    </div>
  );
}

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl bg-slate-50 px-4 py-10 text-center">
      <Inbox className="size-8 text-slate-400" aria-hidden="true" />
      <p className="text-base font-semibold text-slate-900">{title}</p>
      <p className="max-w-md text-base text-slate-600">{children}</p>
    </div>
  );
}

const days = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const moments = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function DateText({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return <time dateTime={iso}>{(withTime ? moments : days).format(date)}</time>;
}

// ---------------------------------------------------------------------------------------------------------------
// Applications: the list on the left, the chosen application's answers on the right (stacked on a phone).

/** Whether the list and the detail pane sit side by side (Tailwind's `lg`), rather than one at a time. */
function isSideBySide(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 64rem)').matches;
}

function ApplicationsView() {
  const applications = useTeacherApplications();
  const [selectedId, setSelectedId] = useState<number>();
  const listRef = useRef<HTMLUListElement>(null);
  const detailHeadingRef = useRef<HTMLHeadingElement>(null);
  // Where the focus goes after the next render: to the answers once one is opened on a phone (its button is
  // hidden then), back to its button on "Back to list".
  const focusAfterRender = useRef<{ to: 'detail' } | { to: 'item'; id: number }>(undefined);
  const listHeadingId = useId();

  useEffect(() => {
    if (applications.error) console.warn('Could not load the teacher applications.', applications.error);
  }, [applications.error]);

  // After every render, but it does something only when a selection asked for it.
  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = undefined;
    if (target?.to === 'detail') detailHeadingRef.current?.focus();
    if (target?.to === 'item') {
      listRef.current?.querySelector<HTMLButtonElement>(`[data-application-id="${target.id}"]`)?.focus();
    }
  });

  if (applications.isPending) return <LoadingState label="Loading applications..." />;
  if (applications.isError) {
    return (
      <FailedState
        error={applications.error}
        isRetrying={applications.isFetching}
        onRetry={() => void applications.refetch()}
      />
    );
  }
  const rows = applications.data;
  if (rows.length === 0) {
    return (
      <EmptyState title="No Applications Yet">
        Applications sent through the narrator form at /apply appear here, newest first.
      </EmptyState>
    );
  }
  const selected = rows.find((application) => application.id === selectedId);

  function select(id: number) {
    if (!isSideBySide()) focusAfterRender.current = { to: 'detail' };
    setSelectedId(id);
  }

  function backToList() {
    if (selectedId !== undefined) focusAfterRender.current = { to: 'item', id: selectedId };
    setSelectedId(undefined);
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:items-start">
      <section
        aria-labelledby={listHeadingId}
        className={cn('flex min-w-0 flex-col gap-3', selected && 'max-lg:hidden')}
      >
        <h3 id={listHeadingId} className="text-lg font-semibold text-slate-900">
          Applications ({rows.length})
        </h3>
        <ul
          ref={listRef}
          aria-labelledby={listHeadingId}
          className="flex flex-col divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200"
        >
          {rows.map((application) => (
            <li key={application.id}>
              <ApplicationListItem
                application={application}
                isSelected={application.id === selected?.id}
                onSelect={() => select(application.id)}
              />
            </li>
          ))}
        </ul>
      </section>

      <div className={cn('min-w-0', !selected && 'max-lg:hidden')}>
        {selected ? (
          <div className="flex flex-col gap-3">
            <Button variant="ghost" className="-ml-2 self-start lg:hidden" onClick={backToList}>
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to list
            </Button>
            <ApplicationDetail key={selected.id} application={selected} headingRef={detailHeadingRef} />
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-base text-slate-600">
            Select an application to read its answers.
          </p>
        )}
      </div>
    </div>
  );
}

function ApplicationListItem({
  application,
  isSelected,
  onSelect,
}: {
  application: TeacherApplication;
  isSelected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      data-application-id={application.id}
      aria-current={isSelected ? 'true' : undefined}
      onClick={onSelect}
      className={cn(
        'flex w-full flex-col items-start gap-1 px-4 py-3 text-left transition-colors',
        'hover:bg-slate-50 focus-visible:-outline-offset-2',
        isSelected && 'bg-brand-50 shadow-[inset_3px_0_0_var(--color-brand-700)] hover:bg-brand-50',
      )}
    >
      <span className="flex w-full items-start justify-between gap-2">
        <span className="min-w-0 font-semibold break-words text-slate-900">{application.full_name}</span>
        {application.contacted ? (
          <Badge variant="green" className="shrink-0">
            Contacted
          </Badge>
        ) : null}
      </span>
      <span className="max-w-full text-sm break-all text-slate-700">{application.email}</span>
      <span className="text-sm text-slate-600">
        <DateText iso={application.created_at} /> · {FORM_LANGUAGE_LABELS[application.form_language]}
      </span>
    </button>
  );
}

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

function ApplicationDetail({
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
 * The 'Contacted' checkbox. It shows the new state as soon as it is ticked and stays unavailable until the
 * server answers; the answer then replaces the application in the list. On failure the cache was never
 * touched, so the box shows the previous state again, with the server's sentence (or 'Unexpected error').
 */
function ContactedControl({ application }: { application: TeacherApplication }) {
  const queryClient = useQueryClient();
  const hintId = useId();
  const toggle = useMutation({
    mutationFn: () =>
      api(`/api/teacher-applications/${application.id}/toggle-contacted/`, {
        method: 'PATCH',
        schema: TeacherApplication,
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData<TeacherApplication[]>(TEACHER_KEYS.applications, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
    },
    onError: (error) => console.warn('Could not change the contacted state.', error),
  });
  const isSaving = toggle.isPending;
  const checked = isSaving ? !application.contacted : application.contacted;

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
            if (!isSaving) toggle.mutate();
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
        <InlineAlert message={apiErrorText(toggle.error, 'Unexpected error')} className="sm:max-w-xs" />
      ) : null}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Videos: the applicants' sample videos, each downloaded through a short-lived signed address.

function VideosView() {
  const videos = useApplicantVideos();
  const [downloadingId, setDownloadingId] = useState<number>();
  const [downloadError, setDownloadError] = useState<string>();
  const headingId = useId();

  useEffect(() => {
    if (videos.error) console.warn('Could not load the applicant videos.', videos.error);
  }, [videos.error]);

  async function download(video: ApplicantVideo) {
    // The tab opens now, within the click, or a popup blocker would stop it; it gets its address once known.
    // It is opened without `noopener` (which would hand back no window to send there), so its opener is cut here.
    const newTab = window.open('', '_blank');
    if (newTab) newTab.opener = null;
    setDownloadError(undefined);
    setDownloadingId(video.id);
    try {
      const { url } = await api(
        `/api/applicant-video/admin/signed-url/?path=${encodeURIComponent(video.storage_path)}`,
        { schema: SignedVideoUrl },
      );
      // Local storage signs a path on this site (/media/…); S3 signs an absolute address.
      const address = new URL(url, window.location.origin).href;
      if (newTab) newTab.location.href = address;
      // A blocked tab: the address downloads the file (it is served as an attachment), so the page stays.
      else window.location.assign(address);
    } catch (error) {
      newTab?.close();
      console.warn('Could not get a signed URL for the video.', error);
      // The spec has two sentences for this (admin.md §8). When the server answered, with an error or without a
      // usable url, the inline 'Failed to create signed URL' (or the server's own sentence) stays by the list;
      // when it could not be reached at all, the alert 'Unable to get signed URL' says so at once.
      if (error instanceof ApiError && error.status === 0) {
        window.alert('Unable to get signed URL');
      } else {
        setDownloadError(apiErrorText(error, 'Failed to create signed URL'));
      }
    } finally {
      setDownloadingId(undefined);
    }
  }

  if (videos.isPending) return <LoadingState label="Loading videos..." />;
  if (videos.isError) {
    return (
      <FailedState
        error={videos.error}
        isRetrying={videos.isFetching}
        onRetry={() => void videos.refetch()}
      />
    );
  }
  const rows = videos.data;
  if (rows.length === 0) {
    return (
      <EmptyState title="No submissions yet.">
        Sample videos applicants upload after applying at /apply appear here, newest first.
      </EmptyState>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          Video submissions ({rows.length})
        </h3>
        <p className="text-sm text-slate-600">
          Download opens the video in a new tab. Download links expire after 10 minutes; each click makes a
          new one.
        </p>
      </div>
      {downloadError ? <InlineAlert message={downloadError} /> : null}
      <AdminTable
        label="Video submissions"
        head={
          <>
            <HeaderCell>Email</HeaderCell>
            <HeaderCell>File</HeaderCell>
            <HeaderCell className="text-right">Size</HeaderCell>
            <HeaderCell>Submitted</HeaderCell>
            <HeaderCell className="text-right">Actions</HeaderCell>
          </>
        }
      >
        {rows.map((video) => (
          <Row key={video.id}>
            <Cell isRowTitle className="break-all text-slate-900 sm:max-w-64">
              {video.email}
            </Cell>
            <Cell label="File" className="break-all text-slate-700 sm:max-w-72">
              {video.original_filename}
            </Cell>
            <Cell label="Size" className="whitespace-nowrap text-slate-700 tabular-nums sm:text-right">
              {formatMegabytes(video.file_size)}
            </Cell>
            <Cell label="Submitted" className="text-slate-700 sm:whitespace-nowrap">
              <DateText iso={video.created_at} withTime />
            </Cell>
            <ActionsCell>
              <Button
                variant="outline"
                size="sm"
                loading={downloadingId === video.id}
                // The file's name tells the rows' buttons apart for a screen reader; the visible word comes first.
                aria-label={`Download ${video.original_filename}`}
                onClick={() => void download(video)}
                className="my-1 max-sm:min-h-11"
              >
                {downloadingId === video.id ? null : <Download className="size-4" aria-hidden="true" />}
                Download
              </Button>
            </ActionsCell>
          </Row>
        ))}
      </AdminTable>
    </section>
  );
}
