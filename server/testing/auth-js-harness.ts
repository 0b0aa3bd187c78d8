import { AuthClient, type GoTrueClient } from '@supabase/auth-js';
import { expect } from 'vitest';
import type { Mailer, MailMessage } from '#server/mail/mailer.ts';
import { SERVER_WORK_TIMEOUT } from './waiting.ts';

/** Where the test clients keep their session (and, in the PKCE flow, `${STORAGE_KEY}-code-verifier`). */
export const STORAGE_KEY = 'catamaran-test-auth';

/** The official @supabase/auth-js client as a browser tab would hold it, with what the test wants to look at. */
export interface AuthJsClient {
  readonly auth: GoTrueClient;
  /** The client's storage: the session under STORAGE_KEY, the PKCE verifier beside it. */
  readonly storage: Map<string, string>;
  /** Every request the client sent, as `METHOD /path` (no query), in order. */
  readonly requests: string[];
}

/**
 * A fresh client against `url` (the server's /auth/v1): its session persisted in an in-memory storage of its
 * own, never refreshed by itself and never read from a URL, so each test says exactly which calls it makes.
 */
export function authJsClient(url: string, flowType: 'implicit' | 'pkce' = 'implicit'): AuthJsClient {
  const storage = new Map<string, string>();
  const requests: string[] = [];
  const auth = new AuthClient({
    url,
    storageKey: STORAGE_KEY,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    flowType,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    fetch: (input, init) => {
      const address = new URL(input instanceof Request ? input.url : String(input));
      requests.push(`${init?.method ?? 'GET'} ${address.pathname}`);
      return fetch(input, init);
    },
  });
  return { auth, storage, requests };
}

/** A sign-in mail as the learner reads it: the link (to the web app's /signin/verify) and the 6-digit code. */
export interface SignInMail {
  mail: MailMessage;
  link: URL;
  /** The link's `token_hash`, which GoTrue's own link carries as `token`. */
  tokenHash: string;
  code: string;
}

/** The mail a test server sends, kept in memory; mails go out from a job, so reading one waits for it. */
/** A mail with the link and the code it carries. */
function linkAndCode(mail: MailMessage): SignInMail {
  const link = new URL(mail.text.match(/https?:\/\/\S+/)?.[0] ?? 'about:blank');
  const code = mail.text.match(/\b(\d{6})\b/)?.[1] ?? '';
  return { mail, link, tokenHash: link.searchParams.get('token_hash') ?? '', code };
}

export function mailbox() {
  const sent: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void sent.push(message) };

  /** Waits until `address` has received `count` mails; answers the last. */
  async function nth(address: string, count: number): Promise<MailMessage> {
    const to = () => sent.filter((mail) => mail.to === address);
    await expect.poll(() => to().length, { timeout: SERVER_WORK_TIMEOUT }).toBeGreaterThanOrEqual(count);
    return to()[count - 1] as MailMessage;
  }

  /** Waits for the `count`th mail to `address` (the first by default), and reads its link and code. */
  async function signInMail(address: string, count = 1): Promise<SignInMail> {
    return linkAndCode(await nth(address, count));
  }

  /** Waits for a mail to `address` with this subject, and reads the latest such mail's link and code. */
  async function latest(address: string, subject: string): Promise<SignInMail> {
    const matching = () => sent.filter((mail) => mail.to === address && mail.subject === subject);
    await expect.poll(() => matching().length, { timeout: SERVER_WORK_TIMEOUT }).toBeGreaterThan(0);
    return linkAndCode(matching().at(-1) as MailMessage);
  }

  return { sent, mailer, nth, signInMail, latest };
}

/** The claims of a JWT, read without checking its signature (the server checks that). */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
