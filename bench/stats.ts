// Small helpers the benchmarks share: a timestamped log line, medians, rounding, table rows, pass or FAIL, and
// the machine a run was measured on.
import { cpus, totalmem } from 'node:os';
import type { LoadFigures } from './load.ts';

export function log(message: string): void {
  console.info(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** The median of the values (NaN for none). */
export function median(values: readonly number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export const round1 = (value: number) => Math.round(value * 10) / 10;

/** A table row: the first cell padded to the right, the others to the left, each to its width. */
export function pad(cells: readonly (string | number)[], widths: readonly number[]): string {
  return cells
    .map((cell, i) => (i === 0 ? String(cell).padEnd(widths[0] ?? 0) : String(cell).padStart(widths[i] ?? 0)))
    .join('');
}

export const yesNo = (isPassing: boolean | undefined) =>
  isPassing === undefined ? '–' : isPassing ? 'pass' : 'FAIL';

/** A line of the targets: what was measured, the target, pass or FAIL. */
export function targetLine(
  label: string,
  value: string,
  target: string,
  isPassing: boolean | undefined,
): void {
  console.info(`  ${label.padEnd(40)}${value.padStart(22)}   target ${target.padEnd(12)}${yesNo(isPassing)}`);
}

/** The cells of a load run's row that every table shows: requests per second, then p50, p90, p99 and max ms. */
export function latencyCells(figures: LoadFigures): number[] {
  return [
    figures.requestsPerSecond,
    figures.latencyP50Ms,
    figures.latencyP90Ms,
    figures.latencyP99Ms,
    figures.latencyMaxMs,
  ];
}

/** The machine a run was measured on, as its results record it. */
export function machine(postgresVersion: string | undefined) {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    postgres: postgresVersion,
  };
}
