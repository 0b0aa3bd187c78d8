/** Undoes quoted-printable encoding (RFC 2045): soft line breaks and =XX escapes, read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The plain-text part of a raw multipart message, decoded. */
export function plainTextPart(raw: string): string {
  const part = raw.split(/\r?\n--/).find((section) => /Content-Type: text\/plain/i.test(section)) ?? '';
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  return /Content-Transfer-Encoding: quoted-printable/i.test(part) ? decodeQuotedPrintable(body) : body;
}
