// `npx tsx bench/api/profile.ts <file.cpuprofile>`: where a CPU profile's time went, by self time: the top
// functions (name and place) and the top modules (a package of node_modules, a file of the app, or Node's own),
// each with its milliseconds and share of all samples. `BENCH_API_PROFILE=<dir> npm run bench` writes one.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The module a frame belongs to: a package, a file of ours, node's internals, or V8's own categories. */
function moduleOf(url: string, name: string): string {
  if (url === '') return name.startsWith('(') ? name : '(native)';
  // The app as the bench runs it: server/ and common/ bundled into the child's one file (bench/child.ts).
  if (url.includes('/.cache/catamaran-bench-')) return '(the app: server/, common/, bundled)';
  const packageAt = url.lastIndexOf('node_modules/');
  if (packageAt !== -1) {
    const parts = url.slice(packageAt + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '').replace(/^.*\/(server|common|bench)\//, '$1/');
}

function top(totals: Map<string, number>, all: number, count: number): string[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([key, micros]) =>
        `${(micros / 1000).toFixed(0).padStart(8)} ms ${((micros / all) * 100).toFixed(1).padStart(5)}%  ${key}`,
    );
}

export function summarize(
  file: string,
  count = 30,
): { functions: string[]; modules: string[]; totalMs: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  // Each sample's time is the delta to the next one (the last sample gets the mean).
  let all = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const micros = profile.timeDeltas[i + 1] ?? all / Math.max(1, i);
    const id = profile.samples[i] as number;
    selfMicros.set(id, (selfMicros.get(id) ?? 0) + micros);
    all += micros;
  }
  const functions = new Map<string, number>();
  const modules = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const place = moduleOf(frame.url, frame.functionName);
    const name = `${frame.functionName || '(anonymous)'}  ${place}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    modules.set(place, (modules.get(place) ?? 0) + micros);
  }
  return {
    functions: top(functions, all, count),
    modules: top(modules, all, count),
    totalMs: Math.round(all / 1000),
  };
}

const file = process.argv[2];
if (file) {
  const { functions, modules, totalMs } = summarize(file);
  console.info(`${file}: ${totalMs.toLocaleString('en')} ms sampled\n\nSelf time by function:`);
  for (const line of functions) console.info(line);
  console.info('\nSelf time by module:');
  for (const line of modules) console.info(line);
}
