import { describe, expect, it } from 'vitest';
import { knownChart } from './knownChart.ts';

const BOX = { width: 100, height: 50 };

describe('the chart of known words', () => {
  it('runs from the first day on the left to the last on the right, higher counts higher up', () => {
    const chart = knownChart([0, 5, 10], BOX);

    expect(chart).toMatchObject({ low: 0, high: 10 });
    expect(chart.line).toBe('M0,50L50,25L100,0');
    expect(chart.area).toBe('M0,50L50,25L100,0L100,50L0,50Z');
  });

  it('starts its scale at a round number near the lowest count, so small growth over many words shows', () => {
    const chart = knownChart([5_000, 5_003, 5_012], BOX);

    expect(chart.low).toBe(5_000);
    expect(chart.high).toBeGreaterThanOrEqual(5_012);
    expect(chart.high).toBeLessThanOrEqual(5_020);
  });

  it('draws a flat line of zeros on the bottom edge, and nothing for no days', () => {
    expect(knownChart([0, 0, 0], BOX)).toMatchObject({ line: 'M0,50L50,50L100,50', low: 0, high: 1 });
    expect(knownChart([], BOX)).toEqual({ line: '', area: '', low: 0, high: 0 });
  });
});
