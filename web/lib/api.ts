// What every call of the product API shares: its error and the sentence for it, the signed-in person's token
// and the browser's time zone. The calls themselves go through call() (call.ts), from the endpoints'
// declarations; this module stays small, as the landing page loads it first (for setAccessTokenProvider).

/** An API answer other than 2xx: its status and the server's `error` sentence. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** True when the message is the server's own `error` sentence, not one made up here. */
    readonly isServerMessage = false,
    /** The answer's JSON beside its sentence (the bulk import's warnings, say), if any. */
    readonly payload?: unknown,
    /** How long the server asked to be left alone (its Retry-After header, of a 429 or 503), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The sentence for a failed call: the server's own `error` when it answered with one, `fallback` when it
 * answered without; when it could not be reached (or something else went wrong), `unreachable` if given,
 * else the network sentence (or `fallback` for an error that is no API error).
 */
export function failureText(error: unknown, fallback: string, unreachable?: string): string {
  if (!(error instanceof ApiError)) return unreachable ?? fallback;
  if (error.status === 0) return unreachable ?? error.message;
  return error.isServerMessage ? error.message : fallback;
}

/**
 * A Retry-After header as seconds from `now`: a number of seconds, or an HTTP date; undefined when there is
 * none or it cannot be read. Never less than 1: a date already past still means "not quite yet".
 */
export function readRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Math.max(1, Number(value));
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - now) / 1000));
}

type AccessTokenProvider = () => string | null | Promise<string | null>;

let accessTokenProvider: AccessTokenProvider = () => null;

/** Lets the auth client hand its current access token to every API call (the sign-in issue fills this). */
export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  accessTokenProvider = provider;
}

/** The signed-in person's access token for the next call, or null. */
export function currentAccessToken(): string | null | Promise<string | null> {
  return accessTokenProvider();
}

let sessionEndedHandler: () => void = () => undefined;

/**
 * Lets the session provider hear that the server found this session ended (signed out from another device,
 * or the account deleted): it then signs out here too, instead of each screen showing the refusal.
 */
export function setSessionEndedHandler(handler: () => void): void {
  sessionEndedHandler = handler;
}

/** Tells the session provider that an answer said the session has ended (401 session_not_found). */
export function reportSessionEnded(): void {
  sessionEndedHandler();
}

/** A time zone as read: its IANA name, the clock's UTC offset then (minutes, as getTimezoneOffset) and when (ms). */
interface ZoneRead {
  zone: string;
  offset: number;
  at: number;
}

/** Where the zone last read is kept for the next page (a returning learner's pages never build a formatter). */
export const TIME_ZONE_KEY = 'catamaran:time-zone';
/** How long a zone read is taken as the learner's while the clock's UTC offset stays the same. */
export const ZONE_KEPT_MS = 24 * 60 * 60 * 1000;

/** The part of the Temporal API read here (Chromium 144+, Firefox 139+; not yet in TypeScript's lib). */
interface TemporalNow {
  Now?: { timeZoneId?: () => string };
}

let zoneRead: ZoneRead | undefined;

/**
 * The browser's IANA time zone, so the server counts "today" on the learner's own day.
 *
 * Where the browser has Temporal, `Temporal.Now.timeZoneId()` says it at once (0.1 ms; decision 117), on every
 * call, so a change of zone is seen by the next call. Elsewhere the zone is read from an Intl.DateTimeFormat,
 * and a page's first one loads its locale's date patterns: 20-60 ms of this machine's main thread in Chromium
 * (80-240 ms at Lighthouse's CPU ×4) before its first answer could show. So there the zone is read again only
 * when the clock's UTC offset has changed since (a flight, the start or end of summer time) or a day has passed,
 * and the read is kept in localStorage for the next page. While the offset is the same the learner's date is
 * the same, so "today" is never counted on a wrong day; a move between two zones of one offset is seen within a
 * day.
 */
export function currentTimeZone(now = Date.now()): string {
  const fromTemporal = temporalZone();
  if (fromTemporal) return fromTemporal;
  const offset = new Date(now).getTimezoneOffset();
  const stillTrue = (read: ZoneRead | undefined): read is ZoneRead =>
    read !== undefined && read.offset === offset && read.at <= now && now - read.at < ZONE_KEPT_MS;
  if (stillTrue(zoneRead)) return zoneRead.zone;
  const stored = storedZone();
  if (stillTrue(stored)) {
    zoneRead = stored;
    return stored.zone;
  }
  zoneRead = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, offset, at: now };
  try {
    localStorage.setItem(TIME_ZONE_KEY, JSON.stringify(zoneRead));
  } catch {
    // Storage refused (private mode, full): the next page reads the zone again.
  }
  return zoneRead.zone;
}

/** The zone as Temporal says it, when the browser has Temporal; undefined otherwise (or if it fails). */
function temporalZone(): string | undefined {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  if (typeof temporal?.Now?.timeZoneId !== 'function') return undefined;
  try {
    const zone = temporal.Now.timeZoneId();
    return typeof zone === 'string' && zone !== '' ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** The zone an earlier page kept, when storage holds one in the right form. */
function storedZone(): ZoneRead | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(TIME_ZONE_KEY) ?? 'null') as Partial<ZoneRead> | null;
    if (
      typeof kept?.zone === 'string' &&
      kept.zone !== '' &&
      Number.isFinite(kept.offset) &&
      Number.isFinite(kept.at)
    ) {
      return { zone: kept.zone, offset: kept.offset as number, at: kept.at as number };
    }
  } catch {
    // Unreadable or refused: read the zone anew.
  }
  return undefined;
}
