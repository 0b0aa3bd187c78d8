// Every time budget of the end-to-end tests, in one place, each with what it waits for (decision 061).
import { availableParallelism, loadavg } from 'node:os';

/**
 * The budgets below were measured on a 2-core machine running the suite (two workers, their browsers, the
 * server, PostgreSQL) beside two busy loops and other projects' test runs: with the load average at up to 11
 * per core, every test finished in under half its budget. Busier than 8 per core, each process gets
 * about cores/load of a CPU, so the budgets grow with the load per core, up to 3 times: past that a machine
 * is too busy to say anything about the app.
 */
const LOAD_PER_CORE_MEASURED = 8;
const MOST_SLOWDOWN = 3;

/**
 * How many times the budgets are stretched: E2E_SLOWDOWN when set (CI may know better), else read from the
 * load average once, as the run starts. playwright.config.ts writes it back to E2E_SLOWDOWN, so the workers
 * it starts later agree with it instead of sampling the load again.
 */
function readSlowdown(): number {
  const given = Number(process.env.E2E_SLOWDOWN);
  if (Number.isFinite(given) && given >= 1) return given;
  const perCore = (loadavg()[0] ?? 0) / availableParallelism();
  return Math.min(MOST_SLOWDOWN, Math.max(1, perCore / LOAD_PER_CORE_MEASURED));
}

export const SLOWDOWN = Math.round(readSlowdown() * 10) / 10;

const scaled = (milliseconds: number) => Math.round(milliseconds * SLOWDOWN);

export const BUDGET = {
  /**
   * One thing the page does: render after a click, answer one API call. Under a second when idle, and a few
   * seconds at the load above.
   */
  expect: scaled(10_000),
  /**
   * Work the server does after it has answered, which the test waits for: a mail through SMTP to the
   * catcher, a dictionary import (a pg-boss job, polled every second, then the page's own 1 s poll), a save
   * that uploads a cover and audio before the chapters.
   */
  serverWork: scaled(30_000),
  /**
   * One test: a few screens, each a handful of expectations and an axe check (axe alone takes 1 to 3 s
   * loaded). A longer journey says so with `test.slow()`, which triples it. Review screenshots are not
   * counted (screenshots.ts).
   */
  test: scaled(60_000),
  /** One full-page review screenshot, outside the test's budget. */
  screenshot: scaled(30_000),
  /** The built server, from spawn to "Catamaran is running at": migrations and the demo library. */
  serverStart: scaled(60_000),
};
