// A signed-in device's short name, from the User-Agent its browser sent when it signed in ('Chrome on
// Android'). Browsers built on Chrome's engine name Chrome too, so the ones with a name of their own are
// looked for first; the platform is told the same way, the phones before the systems they resemble.

export const UNKNOWN_BROWSER = 'Unknown browser';

const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Opera', /\bOPR\/|\bOPiOS\/|\bOpera\b/],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Vivaldi', /\bVivaldi\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

const PLATFORMS: readonly [name: string, pattern: RegExp][] = [
  ['iPhone', /\b(?:iPhone|iPod)\b/],
  ['iPad', /\biPad\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMacintosh\b|\bMac OS X\b/],
  ['Linux', /\bLinux\b|\bX11\b/],
];

function firstMatch(table: readonly [string, RegExp][], text: string): string | undefined {
  return table.find(([, pattern]) => pattern.test(text))?.[0];
}

/**
 * The browser and platform a User-Agent names, as a person would say them ('Safari on iPhone', 'Firefox' when
 * the platform is not told); 'Unknown browser' for anything that is not a browser we know, or no header.
 */
export function browserName(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const browser = firstMatch(BROWSERS, userAgent);
  if (!browser) return UNKNOWN_BROWSER;
  const platform = firstMatch(PLATFORMS, userAgent);
  return platform ? `${browser} on ${platform}` : browser;
}
