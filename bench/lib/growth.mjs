// The "grows no faster than linearly" check of issue 8: each 10x step in stored rows may cost at
// most 10x the smaller size's median plus a small fixed allowance (page boot, one IndexedDB
// transaction, timer resolution), which would otherwise fail sub-millisecond reads on noise.

/**
 * `series` is ordered by size; each entry has `size` and, per metric, a number or an object with
 * a `median`. Returns one step per adjacent pair and metric, the worst ratio as `value`, `pass`.
 */
export function growthCheck(series, metrics, { allowance = {}, unitOf = () => 'ms' } = {}) {
  const medianOf = (entry, metric) => {
    const v = entry[metric];
    return typeof v === 'number' ? v : (v?.median ?? null);
  };
  const steps = [];
  for (let i = 1; i < series.length; i++) {
    const small = series[i - 1];
    const big = series[i];
    const factor = big.size / small.size;
    for (const metric of metrics) {
      const from = medianOf(small, metric);
      const to = medianOf(big, metric);
      if (from === null || to === null) continue;
      const extra = allowance[metric] ?? 0;
      const limit = factor * from + extra;
      steps.push({
        metric,
        unit: unitOf(metric),
        from: small.size,
        to: big.size,
        small: from,
        big: to,
        ratio: from > 0 ? round(to / from) : null,
        limit: round(limit),
        pass: to <= limit,
      });
    }
  }
  const ratios = steps.map((s) => s.ratio).filter((r) => r !== null);
  return {
    value: ratios.length ? Math.max(...ratios) : null,
    pass: steps.length > 0 && steps.every((s) => s.pass),
    failed: steps.filter((s) => !s.pass).map((s) => `${s.metric} ${s.from}->${s.to}`),
    steps,
  };
}

function round(value) {
  return Math.round(value * 100) / 100;
}
