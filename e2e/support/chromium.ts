// How the project starts Debian's Chromium, for the end-to-end tests (playwright.config.ts) and the reader
// benchmark alike: Playwright's own browser download cannot run on these machines.

/** The browser binary: CHROMIUM_PATH, or Debian's. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Headless as root, without a GPU, and without the background traffic this machine's closed network refuses
 * (many connections at a time otherwise).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
