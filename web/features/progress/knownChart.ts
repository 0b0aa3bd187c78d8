// The chart of known words over time on /progress (issue 22): the path of a line and the area under it, drawn in
// a fixed box the SVG scales, from the known count at the end of each day.

export interface ChartBox {
  width: number;
  height: number;
}

export interface KnownChart {
  /** The line through each day's count (an SVG path), empty for no days. */
  line: string;
  /** The line closed down to the bottom edge, to fill under it. */
  area: string;
  /** The counts the bottom and top edges stand for. */
  low: number;
  high: number;
}

/** A rounded step of at least a tenth of the span, so the edges read as round numbers (10, 50, 100, ...). */
function niceStep(span: number): number {
  const rough = Math.max(span / 4, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough) ?? power * 10;
}

/**
 * The chart of counts (oldest first) in a box: its vertical scale runs from a round number at or below the
 * lowest count to one above the highest (so a flat line at zero sits on the bottom edge, and growth of a few
 * words over thousands still shows).
 */
export function knownChart(counts: readonly number[], box: ChartBox): KnownChart {
  if (counts.length === 0) return { line: '', area: '', low: 0, high: 0 };
  const least = Math.min(...counts);
  const most = Math.max(...counts);
  const step = niceStep(most - least);
  const low = Math.floor(least / step) * step;
  const high = Math.max(Math.ceil(most / step) * step, low + step);
  const x = (index: number) => (counts.length === 1 ? box.width : (index / (counts.length - 1)) * box.width);
  const y = (count: number) => box.height - ((count - low) / (high - low)) * box.height;
  const points = counts.map((count, index) => `${round(x(index))},${round(y(count))}`);
  const line = `M${points.join('L')}`;
  const area = `${line}L${round(x(counts.length - 1))},${box.height}L${round(x(0))},${box.height}Z`;
  return { line, area, low, high };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
