import { CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { sendFeedback } from '#common/endpoints/feedback.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { FEEDBACK_REQUIRED, MAX_FEEDBACK_LENGTH } from '#common/schemas/feedback.ts';
import { BackLinkHeader } from '#web/components/BackLinkHeader.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { buttonClassName } from '#web/components/ui/buttonClassName.ts';
import { Card, CardContent } from '#web/components/ui/Card.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Textarea } from '#web/components/ui/Textarea.tsx';
import { useSession } from '#web/features/auth/session.tsx';
import { ApiError, failureText } from '#web/lib/api.ts';
import { call } from '#web/lib/call.ts';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';

export const FEEDBACK_TITLE = 'Feedback · Catamaran';
const INTRO = "We'd love to hear your thoughts, suggestions, or any issues you've encountered.";
const FAILED = 'Failed to submit feedback';
const FAILED_TRY_AGAIN = 'Failed to submit feedback. Please try again.';

/**
 * /feedback (learner.md §2, §4, §5): the learner writes to the team; their address comes from the session.
 * Editing, then submitting, then the thank-you screen, with the text cleared. The route wraps it in
 * RequireSession.
 */
export function FeedbackPage() {
  useDocumentTitle(FEEDBACK_TITLE);
  const session = useSession();
  const [isSent, setIsSent] = useState(false);
  const email = (session.status === 'signed_in' ? session.user.email : null) ?? '';

  return (
    <div className="min-h-dvh bg-slate-50">
      <BackLinkHeader to={CLIENT_ROUTES.dashboard} label="Back to Dashboard" />
      <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        {isSent ? <FeedbackSent /> : <FeedbackForm email={email} onSent={() => setIsSent(true)} />}
      </main>
    </div>
  );
}

/** The heading and the form: the learner's address, read-only, and the text, required. */
function FeedbackForm({ email, onSent }: { email: string; onSent: () => void }) {
  const [text, setText] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [problem, setProblem] = useState<string>();
  const headingId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === '') {
      setProblem(FEEDBACK_REQUIRED);
      return;
    }
    setIsSubmitting(true);
    setProblem(undefined);
    try {
      await call(sendFeedback, { body: { feedback_text: text } });
      setText('');
      onSent();
    } catch (error) {
      if (!(error instanceof ApiError)) console.warn(FAILED, error);
      setProblem(failureText(error, FAILED, FAILED_TRY_AGAIN));
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <>
      <div className="flex flex-col gap-2">
        <h1 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
          Feedback
        </h1>
        <p className="text-base text-slate-600">{INTRO}</p>
      </div>
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <form
            noValidate
            aria-labelledby={headingId}
            onSubmit={(event) => void handleSubmit(event)}
            className="flex flex-col gap-5"
          >
            <Input label="Email" type="email" value={email} readOnly />
            <Textarea
              label="Your feedback"
              rows={8}
              value={text}
              maxLength={MAX_FEEDBACK_LENGTH}
              onChange={(event) => {
                setText(event.target.value);
                setProblem(undefined);
              }}
              disabled={isSubmitting}
              error={problem}
              className="resize-y"
            />
            <Button
              type="submit"
              size="lg"
              loading={isSubmitting}
              disabled={text === '' || isSubmitting}
              className="w-full sm:w-auto sm:self-start"
            >
              {isSubmitting ? 'Submitting...' : 'Submit Feedback'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </>
  );
}

/** The thanks, once the feedback is sent; the form is gone, so they take the focus for a screen reader. */
function FeedbackSent() {
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => thanksHeading.current?.focus(), []);
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <CircleCheck className="size-12 text-green-600" aria-hidden="true" />
        <h1
          ref={thanksHeading}
          tabIndex={-1}
          className="text-2xl font-bold text-slate-900 focus:outline-none"
        >
          Thank you for your feedback!
        </h1>
        <p className="max-w-md text-base text-slate-600">
          We appreciate you taking the time to share your thoughts with us.
        </p>
        <Link to={CLIENT_ROUTES.dashboard} className={buttonClassName({ size: 'lg' })}>
          Return to Dashboard
        </Link>
      </CardContent>
    </Card>
  );
}
