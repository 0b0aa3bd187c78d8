// Small helpers shared by the benchmark's parts: a timestamped log line, medians, rounding and table rows.

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
