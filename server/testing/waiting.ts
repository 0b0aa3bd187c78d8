/**
 * How long an API test waits for work the server does in the background (a job sending mail, an import, a
 * sweep) before it fails (decision 061). The wait returns as soon as the work is seen, so a generous limit costs
 * nothing when a test passes; on a loaded machine (two busy loops beside the suite) a mail job took seconds.
 * It stays well inside the API test's own 30 s.
 */
export const SERVER_WORK_TIMEOUT = 20_000;
