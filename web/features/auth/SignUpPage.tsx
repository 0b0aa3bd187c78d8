import { BookOpenText, Globe, type LucideIcon, MonitorSmartphone, TrendingUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { usernameFromName } from '#common/identity.ts';
import { LEARNABLE_LANGUAGE_COUNT } from '#common/languages.ts';
import { CLIENT_ROUTES } from '#common/routes.ts';
import { Input } from '#web/components/ui/Input.tsx';
import { useDocumentTitle } from '#web/lib/useDocumentTitle.ts';
import { AuthLayout, SWITCH_LINK_CLASS } from './AuthLayout.tsx';
import { MagicLinkForm } from './MagicLinkForm.tsx';
import { SIGN_UP_SENT } from './messages.ts';
import { useSession } from './session.tsx';
import { useMagicLink } from './useMagicLink.ts';

export const SIGN_UP_TITLE = 'Sign Up · Catamaran';

interface Benefit {
  title: string;
  body: string;
  Icon: LucideIcon;
}

// The four benefits of spec/learner.md §2, in its order.
const BENEFITS: readonly Benefit[] = [
  {
    title: 'All languages',
    body: `${LEARNABLE_LANGUAGE_COUNT} languages and growing, from Spanish and French to Japanese and Arabic.`,
    Icon: Globe,
  },
  {
    title: 'Comprehensible input',
    body: 'Stories written just above your level, so you follow the plot and acquire words from context.',
    Icon: BookOpenText,
  },
  {
    title: 'Progressive learning',
    body: 'Five levels from Infant to Expert. Step up whenever the text starts to feel easy.',
    Icon: TrendingUp,
  },
  {
    title: 'Mobile and desktop',
    body: 'Read on your phone on the way to work and on your computer at home; your progress follows you.',
    Icon: MonitorSmartphone,
  },
];

/**
 * /signup (spec/learner.md §2): Name and Email Address, 'Create Account', the terms statement; the account is
 * created with the name and its username, then the mail's news and the code entry; the link and the code
 * lead to /dashboard.
 */
export function SignUpPage() {
  useDocumentTitle(SIGN_UP_TITLE);
  const session = useSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  // A new account starts in the library, where the first language is picked, not on the landing page.
  const link = useMagicLink(SIGN_UP_SENT, CLIENT_ROUTES.dashboard);

  // Signed in (by the code entered here, say): the library, where the e-mailed link leads a new account too.
  if (session.status === 'signed_in') return <Navigate to={CLIENT_ROUTES.dashboard} replace />;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fullName = name.trim();
    void link.send({
      email: email.trim(),
      shouldCreateUser: true,
      data: { full_name: fullName, username: usernameFromName(fullName) },
    });
  }

  return (
    <AuthLayout
      title="Sign Up"
      intro="Create your free account and start reading stories at your level today."
      asideLabel="What you get"
      aside={<BenefitList />}
      footer={
        <p>
          Already have an account?{' '}
          <Link to={CLIENT_ROUTES.signIn} className={SWITCH_LINK_CLASS}>
            Sign in
          </Link>
        </p>
      }
    >
      <MagicLinkForm
        link={link}
        email={email}
        onEmailChange={setEmail}
        onSubmit={handleSubmit}
        submitLabel="Create Account"
        busyLabel="Creating account..."
        footnote={
          <p className="text-sm text-slate-600">
            By creating an account, you agree to our{' '}
            <strong className="font-semibold text-slate-800">Terms of Service</strong> and{' '}
            <strong className="font-semibold text-slate-800">Privacy Policy</strong>.
          </p>
        }
      >
        <Input
          label="Name"
          name="name"
          required
          autoComplete="name"
          placeholder="Ana Lima"
          value={name}
          onChange={(event) => setName(event.target.value)}
          disabled={link.isSending}
        />
      </MagicLinkForm>
    </AuthLayout>
  );
}

/** The side panel: the four reasons to sign up. */
function BenefitList() {
  return (
    <div>
      <h2 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
        Learn the way you learned your first language
      </h2>
      <ul className="mt-8 flex flex-col gap-6">
        {BENEFITS.map(({ title, body, Icon }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-brand-100 ring-1 ring-white/20">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <div>
              <h3 className="text-lg font-semibold text-white">{title}</h3>
              <p className="mt-1 text-base text-brand-100">{body}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
