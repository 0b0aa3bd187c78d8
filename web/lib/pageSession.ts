// A signed-in screen drawn in the page's HTML (docs/decisions/104): the cookie the app keeps beside its stored
// session, which the server's page route reads (server/http/page-render.ts, through the page renderer built from
// web/server-page.tsx), and the non-executed JSON the server embeds, which the page hydrates from.
import { currentTimeZone } from './api.ts';

/**
 * The cookie holding the session's access token, written by the app (never HttpOnly: JavaScript writes it) and
 * read only by the server's page route. The API never reads it: it takes the token from the Authorization
 * header alone, so the cookie opens no cross-site request.
 */
export const PAGE_SESSION_COOKIE = 'catamaran-page-session';

/**
 * The cookie holding the learner's time zone (an IANA name, as the page's calls send it in `X-Timezone`), beside
 * the page-session cookie: the server's page route draws a screen's "today" (the library's daily goal) on the
 * learner's own day with it (docs/decisions/117). Without it the screen is drawn without that part, which the
 * page then asks for. Not personal beyond what every call says; cleared with the page-session cookie.
 */
export const PAGE_ZONE_COOKIE = 'catamaran-page-zone';
/** How long the zone cookie lasts when nothing writes it again (every signed-in page checks it). */
const ZONE_COOKIE_SECONDS = 30 * 24 * 60 * 60;

/** The id of the `<script type="application/json">` the server puts the rendered screen's data in. */
export const PAGE_STATE_ID = 'page-state';

/** The data a screen was drawn with on the server, handed to the page for hydration. */
export interface PageState {
  /** The path the markup is for. */
  path: string;
  /** The access token's last characters: the page hydrates only under the session the server drew it for. */
  tokenTail: string;
  /**
   * The library's language, as the server chose it (the learner's first; the device's choice is unknown there),
   * null when the learner has none yet; absent on other screens.
   */
  language?: string | null;
  /** TanStack Query's dehydrated cache: the answers the screen was drawn from. */
  queries: unknown;
}

/** How many of the token's last characters identify it in the page (part of its signature, useless alone). */
export function tokenTail(token: string): string {
  return token.slice(-16);
}

/** The claims of a JWT, read without verifying it (undefined when unreadable). */
export function tokenClaims(token: string): Record<string, unknown> | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (character) => character.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The `exp` of a JWT, in seconds since the epoch, read without verifying it (undefined when unreadable). */
export function tokenExpiry(token: string): number | undefined {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
}

/**
 * Writes the page-session cookie for an access token, expiring with it, and the zone cookie with the learner's
 * time zone now; a token already expired clears both.
 */
export function writePageSessionCookie(token: string, now = Date.now(), zone = currentTimeZone(now)): void {
  const expiry = tokenExpiry(token);
  const seconds = expiry === undefined ? 0 : Math.floor(expiry - now / 1000);
  if (seconds <= 0) {
    clearPageSessionCookie();
    return;
  }
  // A cookie a drawn page came with holds the same value already: writing it again on every load cost a few
  // milliseconds of the hydration's effects (a cookie write is a call to the browser's store).
  const present = document.cookie.split('; ');
  const cookie = `${PAGE_SESSION_COOKIE}=${encodeURIComponent(token)}`;
  if (!present.includes(cookie)) setCookie(`${cookie}; Max-Age=${seconds}`);
  const zoneCookie = `${PAGE_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (!present.includes(zoneCookie)) setCookie(`${zoneCookie}; Max-Age=${ZONE_COOKIE_SECONDS}`);
}

/** Clears the page-session cookie and the zone cookie (signed out, or no session to draw pages with). */
export function clearPageSessionCookie(): void {
  for (const name of [PAGE_SESSION_COOKIE, PAGE_ZONE_COOKIE]) {
    if (document.cookie.includes(`${name}=`)) setCookie(`${name}=; Max-Age=0`);
  }
}

function setCookie(value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the app supports.
  document.cookie = `${value}; Path=/; SameSite=Lax${secure}`;
}

let accepted: PageState | undefined;

/**
 * The state the server embedded with the page's markup, when it is for this path and this session (its token
 * the one stored, `storedToken`) and, for the library, the language this device shows (`deviceLanguage`, the
 * one chosen here, if any); undefined otherwise, and the markup is then drawn anew. Read once.
 */
export function acceptPageState(
  path: string,
  storedToken: string | undefined,
  deviceLanguage: string | undefined,
): PageState | undefined {
  accepted = undefined;
  const script = document.getElementById(PAGE_STATE_ID);
  if (!script) return undefined;
  script.remove();
  try {
    const state = JSON.parse(script.textContent ?? '') as PageState;
    // A language chosen on this device that the server did not draw (it draws the learner's first, or the
    // welcome when there is none): the page draws its library anew.
    const isOurs =
      state.path === path &&
      storedToken !== undefined &&
      state.tokenTail === tokenTail(storedToken) &&
      (state.language === undefined || deviceLanguage === undefined || deviceLanguage === state.language);
    accepted = isOurs ? state : undefined;
  } catch {
    accepted = undefined;
  }
  return accepted;
}

/** The state accepted for hydration (acceptPageState), if any. */
export function acceptedPageState(): PageState | undefined {
  return accepted;
}

/** The accepted state's dehydrated queries, once: the page's first query cache takes them. */
export function takePageQueries(): unknown {
  const queries = accepted?.queries;
  if (accepted) accepted = { ...accepted, queries: undefined };
  return queries;
}
