// What a client's Accept-Encoding takes, for the answers the app compresses itself (the story list, decision
// 087; the reader's chapter, decision 088; the app's shell) rather than through the compression plugin.

/**
 * Below this many bytes an answer goes as it is: the compression plugin's threshold (server/app.ts), which the
 * answers compressed by the app itself keep too.
 */
export const COMPRESS_FROM_BYTES = 1024;

/** Whether the header accepts `coding` (by name, as `x-<coding>`, or `*`) with a weight above zero. */
export function acceptsEncoding(header: string | string[] | undefined, coding: string): boolean {
  if (typeof header !== 'string') return false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    if (name !== coding && name !== `x-${coding}` && name !== '*') continue;
    const weight = parameters.find((parameter) => parameter.startsWith('q='));
    return weight === undefined || Number(weight.slice(2)) > 0;
  }
  return false;
}
