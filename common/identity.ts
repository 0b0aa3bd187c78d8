export interface UserIdentity {
  email?: string | null;
  /** An address asked for and not yet confirmed (an e-mail change waiting for its link). */
  new_email?: string | null;
  user_metadata?: { full_name?: unknown; username?: unknown } | null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function emailLocalPart(email: string | null | undefined): string | undefined {
  return text(email?.split('@')[0]);
}

/** The name a person is called by: full name, else username, else the e-mail before the @, else 'User'. */
export function displayName(user: UserIdentity | null | undefined): string {
  const metadata = user?.user_metadata;
  return text(metadata?.full_name) ?? text(metadata?.username) ?? emailLocalPart(user?.email) ?? 'User';
}

/**
 * The landing page's welcome name: the display-name rule, full name first (issue 23 #6: "Welcome back,
 * mayaortiz!" greeted a new learner by the squashed username; docs/decisions/078).
 */
export function displayUsername(user: UserIdentity | null | undefined): string {
  return displayName(user);
}

/** The username stored at sign-up: the name lowercased with all whitespace removed. */
export function usernameFromName(name: string): string {
  return name.toLowerCase().replace(/\s+/g, '');
}
