import type { z } from 'zod';

/** An API answer other than 2xx: its status and the server's `error` sentence. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** True when the message is the server's own `error` sentence, not one made up here. */
    readonly isServerMessage = false,
    /** The answer's JSON beside its sentence (the bulk import's warnings, say), if any. */
    readonly payload?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The sentence for a failed call: the server's own `error` when it answered with one, `fallback` when it
 * answered without, `unreachable` when it could not be reached or something else went wrong.
 */
export function failureText(error: unknown, fallback: string, unreachable: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return unreachable;
  return error.isServerMessage ? error.message : fallback;
}

type AccessTokenProvider = () => string | null | Promise<string | null>;

let accessTokenProvider: AccessTokenProvider = () => null;

/** Lets the auth client hand its current access token to every API call (the sign-in issue fills this). */
export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  accessTokenProvider = provider;
}

/** The browser's IANA time zone, so the server counts "today" on the learner's own day. */
export function currentTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** When given, the answer is checked against it, so a drifting server fails loudly here. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/** Calls the product API with JSON in and out; an error answer is thrown as an ApiError with its sentence. */
export async function api<T = unknown>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const response = await send(path, request, 'application/json');
  const payload = await readJson(response);
  if (!response.ok) throw errorOf(response, payload);
  return request.schema ? request.schema.parse(payload) : (payload as T);
}

/** Downloads a file the API serves to a signed-in person (a plain link would not carry the token). */
export async function apiFile(path: string, request: { signal?: AbortSignal } = {}): Promise<Blob> {
  const response = await send(path, request, '*/*');
  if (!response.ok) throw errorOf(response, await readJson(response));
  return response.blob();
}

async function send(path: string, request: ApiRequest<unknown>, accept: string): Promise<Response> {
  const headers = new Headers({ Accept: accept, 'X-Timezone': currentTimeZone() });
  const token = await accessTokenProvider();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  try {
    return await fetch(path, { method: request.method ?? 'GET', headers, body, signal: request.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
}

/** An error answer as an ApiError: the server's sentence when it sent one. */
function errorOf(response: Response, payload: unknown): ApiError {
  const hasSentence = isErrorBody(payload) && payload.error.trim() !== '';
  const message = hasSentence
    ? payload.error
    : `The server answered ${response.status} ${response.statusText}`.trim();
  return new ApiError(response.status, message, hasSentence, payload);
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is { error: string } {
  return (
    typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string'
  );
}

/**
 * A JSON POST that outlives the page (fetch with keepalive): for a report made while the page is hidden or
 * being left, when an ordinary request would be cancelled. The token is passed in, as nothing may be awaited
 * then; no answer is read, and a failure is dropped.
 */
export function postOnLeave(path: string, body: unknown, accessToken: string | null): void {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'X-Timezone': currentTimeZone(),
  };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  fetch(path, { method: 'POST', keepalive: true, headers, body: JSON.stringify(body) }).catch(
    () => undefined,
  );
}
