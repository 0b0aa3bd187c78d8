// BENCH_CHAPTER_PROFILE=1: the app's CPU profile while the load runs, taken in-process by the inspector and
// written to bench/results/<name>.cpuprofile (open it in Chrome's DevTools), so the figures and the profile
// come from the same run.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_CHAPTER_PROFILE) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(`bench/results/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}
