import { Quote } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { CLIENT_ROUTES } from '#common/routes.ts';
import {
  ApplicationReceivedNote,
  applicationReceivedOf,
} from '#web/features/narrators/applicationReceived.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { AuthLayout, SWITCH_LINK_CLASS } from './AuthLayout.tsx';
import { MagicLinkForm } from './MagicLinkForm.tsx';
import { SIGN_IN_SENT } from './messages.ts';
import { useSession } from './session.tsx';
import { useMagicLink } from './useMagicLink.ts';

export const SIGN_IN_TITLE = 'Sign In · Catamaran';

/**
 * /signin (spec/learner.md §2): an e-mail field and 'Send Magic Link'; then the mail's news and the code entry.
 * Sign-in never creates an account. A visitor who is signed in already goes home. A narrator applicant who
 * arrives through /apply's redirect is told the application was received, and led to the sample video.
 */
export function SignInPage() {
  useDocumentTitle(SIGN_IN_TITLE);
  const session = useSession();
  const [email, setEmail] = useState('');
  const link = useMagicLink(SIGN_IN_SENT);
  // A narrator applicant sent here by /apply's redirect to the dashboard (learner.md §4) is told what is next.
  const application = applicationReceivedOf(useLocation().state);

  if (session.status === 'signed_in') return <Navigate to={CLIENT_ROUTES.landing} replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void link.send({ email: email.trim(), shouldCreateUser: false });
  }

  return (
    <AuthLayout
      title="Sign In"
      intro="Welcome back. We will e-mail you a link that signs you in, no password needed."
      asideLabel="A word from linguistics"
      aside={<KrashenQuote />}
      footer={
        <p>
          New to Catamaran?{' '}
          <Link to={CLIENT_ROUTES.signUp} className={SWITCH_LINK_CLASS}>
            Create an account
          </Link>
        </p>
      }
    >
      {application ? <ApplicationReceivedNote email={application.email} /> : null}
      <MagicLinkForm
        link={link}
        email={email}
        onEmailChange={setEmail}
        onSubmit={handleSubmit}
        submitLabel="Send Magic Link"
        busyLabel="Sending..."
      />
    </AuthLayout>
  );
}

/** The side panel: why reading works, in the words of the linguist who argued it. */
function KrashenQuote() {
  return (
    <figure className="flex flex-col gap-6">
      <Quote className="size-10 text-brand-300" aria-hidden="true" />
      <blockquote className="text-xl leading-relaxed font-medium text-white sm:text-2xl">
        <p>
          “Acquisition requires meaningful interaction in the target language—natural communication—in which
          speakers are concerned not with the form of their utterances but with the messages they are
          conveying and understanding.”
        </p>
      </blockquote>
      <figcaption className="text-base text-brand-100">
        <span className="block font-semibold text-white">Stephen Krashen</span>
        <cite className="not-italic">Second Language Acquisition and Second Language Learning</cite> (1981)
      </figcaption>
    </figure>
  );
}
