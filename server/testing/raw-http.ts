// Requests over a real socket for the tests of bad input: a body built by hand (an empty file, a form cut short
// before its closing boundary), and a client-side deadline, so a server that never answers fails the test in
// seconds instead of leaving it to the test timeout.

/**
 * How long a test waits for an answer to bad input before calling it a hang. The promise is "within a second"
 * (the hangs found took 90 s and more); the deadline is not that promise but the line past which no machine is
 * merely slow, so a loaded CI runner cannot fail a test that answers correctly.
 */
export const ANSWER_DEADLINE_MS = 15_000;

export interface RawFile {
  field?: string;
  name: string;
  type?: string;
  bytes: Buffer;
}

/**
 * A multipart/form-data body: the fields, then the file; `cutShort` leaves out the closing boundary, as a
 * sender that went away (or a proxy that gave up) leaves a body.
 */
export function multipartBody(
  boundary: string,
  fields: Record<string, string>,
  file: RawFile,
  options: { cutShort?: boolean } = {},
): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
    `filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`;
  const tail = options.cutShort ? '' : `\r\n--${boundary}--\r\n`;
  return Buffer.concat([Buffer.from(parts.join('') + head), file.bytes, Buffer.from(tail)]);
}

/**
 * POSTs a form to a listening app and answers its status and JSON body; rejects (failing the test) when no
 * answer comes within `deadlineMs`.
 */
export async function postForm(
  url: string,
  body: Buffer,
  options: { boundary: string; token?: string; deadlineMs?: number },
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${options.boundary}`,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: new Uint8Array(body),
    signal: AbortSignal.timeout(options.deadlineMs ?? ANSWER_DEADLINE_MS),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}
