// The validators of answers a learner's browser revalidates: the reader's chapter (decision 088) and the story
// list (decision 091).

/** Whether an If-None-Match header names `etag` (compared weakly, as RFC 9110 asks for If-None-Match). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
