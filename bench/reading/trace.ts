// Where a traced render's time went: the trace Chromium wrote of one load, summed between the reader's marks.
import { readFile } from 'node:fs/promises';
import { round1 } from '../stats.ts';

/** Where one traced render's time went: the renderer's main thread by event, and the raster threads. */
export interface RenderBreakdown {
  renderMs: number;
  mainThreadMs: Record<string, number>;
  rasterMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}
type Trace = { traceEvents: TraceEvent[] } | TraceEvent[];

// Main-thread events that do not nest in one another, and the raster threads' tasks.
const MAIN_THREAD_EVENTS = [
  'FunctionCall',
  'EvaluateScript',
  'ParseHTML',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'Commit',
  'HitTest',
  'GCEvent',
  'MajorGC',
  'MinorGC',
];

/** Sums the trace's events between the render's first and last marks (reader:text-start, reader:text-painted). */
function breakdown(trace: Trace): RenderBreakdown | null {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const start = events.find((event) => event.name === 'reader:text-start');
  const end = events.find((event) => event.name === 'reader:text-painted');
  if (!start || !end) return null;
  const threadNames = new Map(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name')
      .map((event) => [`${event.pid}:${event.tid}`, event.args?.name ?? '']),
  );
  const mainThreadMs: Record<string, number> = {};
  let rasterMs = 0;
  for (const event of events) {
    if (event.ph !== 'X' || event.ts < start.ts || event.ts > end.ts) continue;
    const thread = threadNames.get(`${event.pid}:${event.tid}`) ?? '';
    const ms = (event.dur ?? 0) / 1000;
    if (thread === 'CrRendererMain' && MAIN_THREAD_EVENTS.includes(event.name)) {
      mainThreadMs[event.name] = round1((mainThreadMs[event.name] ?? 0) + ms);
    } else if (event.name === 'RasterTask') {
      rasterMs += ms;
    }
  }
  return { renderMs: round1((end.ts - start.ts) / 1000), mainThreadMs, rasterMs: round1(rasterMs) };
}

/** The breakdown of the trace written to `file`. */
export async function traceBreakdown(file: string): Promise<RenderBreakdown | null> {
  return breakdown(JSON.parse(await readFile(file, 'utf8')) as Trace);
}
