import { CircleCheck, Video } from 'lucide-react';
import { Link } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';

// An application's next step, the sample video, named where an applicant goes after /apply: the thank-you on
// /apply, and the sign-in screen a signed-out applicant reaches through the spec's redirect to /dashboard
// (learner.md §4), told of the application by the router state carried along (issue 23 #3).

/** The router state /apply hands on with its redirect, and RequireSession on to /signin. */
export interface ApplicationReceivedState {
  applicationReceived: { email: string };
}

export function applicationReceivedState(email: string): ApplicationReceivedState {
  return { applicationReceived: { email } };
}

/** The applicant's address, when the navigation came from a received application; else undefined. */
export function applicationReceivedOf(state: unknown): { email: string } | undefined {
  const received = (state as Partial<ApplicationReceivedState> | null | undefined)?.applicationReceived;
  return typeof received?.email === 'string' ? { email: received.email } : undefined;
}

/** /submit-video with the applicant's address filled in (the page reads ?email=). */
export function sampleVideoPath(email: string): string {
  return email ? `${CLIENT_ROUTES.submitVideo}?${new URLSearchParams({ email })}` : CLIENT_ROUTES.submitVideo;
}

/** The link to the sample-video page, styled as a button. */
export function SampleVideoLink({
  email,
  children,
  className,
}: {
  email: string;
  children: string;
  className?: string;
}) {
  return (
    <Link
      to={sampleVideoPath(email)}
      className={buttonClassName({ className: `whitespace-normal ${className ?? ''}` })}
    >
      <Video className="size-5" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** On /signin after the redirect: the application is in, and the sample video comes next (no account needed). */
export function ApplicationReceivedNote({ email }: { email: string }) {
  return (
    <section
      aria-labelledby="application-received-heading"
      className="mb-8 flex flex-col gap-3 rounded-xl bg-green-50 p-4 ring-1 ring-green-200 ring-inset"
    >
      <h2
        id="application-received-heading"
        className="flex items-start gap-2.5 text-base font-semibold text-green-900"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        Your narrator application was received.
      </h2>
      <p className="text-base text-slate-800">
        Next step: send us a 1–2 minute sample video. You do not need an account for it.
      </p>
      <SampleVideoLink email={email} className="self-start">
        Send your sample video
      </SampleVideoLink>
    </section>
  );
}
