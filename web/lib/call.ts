import type { z } from 'zod';
import {
  type Declared,
  type Endpoint,
  type PathParamName,
  type PathParams,
  pathOf,
  type ResponseOf,
} from '#common/contract.ts';
import { api, apiFile } from './api.ts';

/** What a call sends: the path's parameters, the query and the body, each typed by the declaration. */
export type CallInput<E extends Endpoint> = ([PathParamName<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E['path']> }) &
  (Declared<E['query']> extends z.ZodType
    ? { query: z.input<Declared<E['query']>> }
    : { query?: undefined }) &
  (Declared<E['body']> extends z.ZodType
    ? { body: z.input<Declared<E['body']>> }
    : Declared<E['body']> extends 'multipart'
      ? { body: FormData }
      : { body?: undefined }) & { signal?: AbortSignal };

/** The query string of a call: each value that is set, arrays joined by commas as the server reads them. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * Calls a declared endpoint: the path built from its parameters, the query and body it declares, and the
 * answer checked against its response schema (a file answers a Blob; `none`, undefined).
 */
export async function call<E extends Endpoint>(contract: E, input: CallInput<E>): Promise<ResponseOf<E>> {
  const { params, query, body, signal } = input as {
    params?: PathParams<string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const url = `${pathOf(contract.path, params)}${queryString(query)}`;
  if (contract.response === 'file') return (await apiFile(url, { signal })) as ResponseOf<E>;
  const schema = typeof contract.response === 'object' ? contract.response : undefined;
  const answer = await api(url, { method: contract.method, body, schema, signal });
  return answer as ResponseOf<E>;
}
