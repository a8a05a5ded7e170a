/** The few statistics the scenarios quote: medians across rounds, percentiles across samples. */

export function median(numbers: number[]): number {
  if (numbers.length === 0) return Number.NaN;
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile (p in 0..100): always a value that was measured, never an interpolation. */
export function percentile(numbers: number[], p: number): number {
  if (numbers.length === 0) return Number.NaN;
  const sorted = Float64Array.from(numbers).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1]!;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** p50/p99 in ms of one sample set, rounded for the JSON. */
export function latencySummary(latenciesMs: number[]): { p50: number; p99: number } {
  return { p50: round2(percentile(latenciesMs, 50)), p99: round2(percentile(latenciesMs, 99)) };
}
