/** Where a magic link may send the browser: a URL on the site's own origin (exactly), else the site's root. */
export function safeRedirect(siteUrl: string, requested: string | undefined): string {
  const root = `${siteUrl}/`;
  if (!requested || !URL.canParse(requested)) return root;
  const url = new URL(requested);
  return url.origin === new URL(siteUrl).origin ? url.toString() : root;
}
