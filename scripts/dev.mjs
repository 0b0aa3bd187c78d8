// `npm run dev`: Vite's dev server with hot reload on PORT (default 3000), and the API server restarting on
// change on API_PORT (default 3001), behind Vite's proxy.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
// The binaries themselves, not `npx`: npx does not pass SIGTERM on, which would orphan the API server and
// its embedded PostgreSQL.
const bin = (name) => join('node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}` },
  }),
  spawn(bin('vite'), [], { stdio: 'inherit', env: { ...process.env, PORT: port, API_PORT: apiPort } }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 15_000).unref();
  void Promise.all(
    children.map(
      (child) => new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done())),
    ),
  ).then(() => process.exit(code));
};
for (const child of children) child.once('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
