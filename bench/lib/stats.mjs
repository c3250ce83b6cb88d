// Summaries of repeated measurements: median and spread, never a single lucky run.

/** Median, min, max and p90 (nearest rank) of the runs, rounded to 0.1; the raw runs kept too. */
export function summarize(values, unit = 'ms') {
  if (values.length === 0) throw new Error('summarize: no runs');
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return {
    unit,
    runs: values.length,
    median: round(median),
    min: round(sorted[0]),
    max: round(sorted[sorted.length - 1]),
    p90: round(at(0.9)),
    values: values.map(round),
  };
}

export function round(value) {
  return Math.round(value * 10) / 10;
}
