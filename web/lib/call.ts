import type { z } from 'zod';
import {
  type Declared,
  type Endpoint,
  type Method,
  type PathParamName,
  type PathParams,
  pathOf,
  type ResponseOf,
} from '#common/contract.ts';
import { hydrationSettled } from './afterHydration.ts';
import { ApiError, currentAccessToken, currentTimeZone, readRetryAfter, reportSessionEnded } from './api.ts';

// The web app's one way to the API: every call names its endpoint's declaration (common/endpoints/), which
// gives its method and path, types what it sends and checks what it answers.

/** A part the schema declares: required, unless every field of it may be left out (then it may be too). */
type Part<Name extends string, Schema extends z.ZodType> =
  Record<never, never> extends z.input<Schema>
    ? { [Key in Name]?: z.input<Schema> }
    : { [Key in Name]: z.input<Schema> };

/** What a call sends: the path's parameters, the query and the body, each typed by the declaration. */
export type CallInput<E extends Endpoint> = ([PathParamName<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E['path']> }) &
  (Declared<E['query']> extends z.ZodType ? Part<'query', Declared<E['query']>> : { query?: undefined }) &
  (Declared<E['body']> extends z.ZodType
    ? Part<'body', Declared<E['body']>>
    : Declared<E['body']> extends 'multipart'
      ? { body: FormData }
      : { body?: undefined }) & {
    signal?: AbortSignal;
    /** Headers beyond the usual ones: an offline outbox's idempotency key and moment (issue 24). */
    headers?: Record<string, string>;
  };

/**
 * The query string of a call: each value that is set, arrays joined by commas as the server reads them, and a
 * space written %20 as in a path (URLSearchParams writes '+', and a '+' of the text itself as %2B).
 */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text.replaceAll('+', '%20')}`;
}

/** A call's input as the transport reads it. */
interface Sent {
  params?: PathParams<string>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The address of a call: the declared path with its parameters filled in, then the query. */
function addressOf(contract: Endpoint, input: Sent): string {
  return `${pathOf(contract.path, input.params)}${queryString(input.query)}`;
}

/**
 * Calls a declared endpoint: the path built from its parameters, the query and body it declares, and the
 * answer checked against its response schema (a file answers a Blob; `none`, undefined).
 */
export async function call<E extends Endpoint>(contract: E, input: CallInput<E>): Promise<ResponseOf<E>> {
  const { answer } = await callForReply(contract, input);
  return answer;
}

/**
 * A call that also gives the answer as the server wrote it, before its schema read it (its key order, and
 * anything the schema leaves out): for a screen that shows the server's own reply.
 */
export async function callForReply<E extends Endpoint>(
  contract: E,
  input: CallInput<E>,
): Promise<{ answer: ResponseOf<E>; reply: unknown }> {
  const sent = input as Sent;
  const url = addressOf(contract, sent);
  if (contract.response === 'file') {
    const file = await apiFile(url, sent.signal);
    return { answer: file as ResponseOf<E>, reply: file };
  }
  const reply = await api(url, contract.method, sent.body, sent.signal, sent.headers);
  const answer = typeof contract.response === 'object' ? contract.response.parse(reply) : reply;
  return { answer: answer as ResponseOf<E>, reply };
}

/**
 * A JSON POST that outlives the page (fetch with keepalive): for a report made while the page is hidden or
 * being left, when an ordinary request would be cancelled. The token is passed in, as nothing may be awaited
 * then; no answer is read. Answers whether the server took it: false when it could not be reached, or
 * answered 429 or 5xx (worth sending again, as it was); a refusal (any other 4xx) is taken, and dropped.
 */
export function postOnLeave<E extends Endpoint & { readonly method: 'POST' }>(
  contract: E,
  input: CallInput<E>,
  accessToken: string | null,
): Promise<boolean> {
  const sent = input as Sent;
  const headers: Record<string, string> = {
    ...sent.headers,
    'Content-Type': 'application/json',
    'X-Timezone': currentTimeZone(),
  };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  const body = JSON.stringify(sent.body);
  const init: RequestInit = { method: contract.method, keepalive: true, headers, body };
  return fetch(addressOf(contract, sent), init).then(
    (response) => response.status !== 429 && response.status < 500,
    () => false,
  );
}

const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/** Calls the product API with JSON in and out; an error answer is thrown as an ApiError with its sentence. */
async function api(
  url: string,
  method: Method,
  body: unknown,
  signal?: AbortSignal,
  extra?: Record<string, string>,
): Promise<unknown> {
  const response = await send(url, { method, body, signal, extra }, 'application/json');
  const payload = await readJson(response);
  if (!response.ok) throw errorOf(response, payload);
  return payload;
}

/** Downloads a file the API serves to a signed-in person (a plain link would not carry the token). */
async function apiFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send(url, { method: 'GET', signal }, '*/*');
  if (!response.ok) throw errorOf(response, await readJson(response));
  return response.blob();
}

async function send(
  url: string,
  request: {
    method: Method;
    body?: unknown;
    signal?: AbortSignal | undefined;
    extra?: Record<string, string> | undefined;
  },
  accept: string,
): Promise<Response> {
  // A drawn page's first calls wait for the end of its hydration (docs/decisions/107).
  const hydrated = hydrationSettled();
  if (hydrated) await hydrated;
  const headers = new Headers({ ...request.extra, Accept: accept, 'X-Timezone': currentTimeZone() });
  const token = await currentAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) {
    body = request.body;
  } else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  try {
    return await fetch(url, { method: request.method, headers, body, signal: request.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
}

/** An error answer as an ApiError: the server's sentence when it sent one. */
function errorOf(response: Response, payload: unknown): ApiError {
  if (response.status === 401 && (payload as { code?: unknown } | undefined)?.code === 'session_not_found') {
    reportSessionEnded();
  }
  const hasSentence = isErrorBody(payload) && payload.error.trim() !== '';
  const message = hasSentence
    ? payload.error
    : `The server answered ${response.status} ${response.statusText}`.trim();
  const retryAfter = readRetryAfter(response.headers.get('Retry-After'));
  return new ApiError(response.status, message, hasSentence, payload, retryAfter);
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
