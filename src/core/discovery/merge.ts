// Merging auditor data with relay recommendations into one ranked list of mints.
import { averageScore, type MintRatings } from './recommendations';
import type { AuditorData, DiscoveredMint } from './types';

/**
 * One entry per mint URL (both sources use normalised URLs). Order: score high to low; then more
 * ratings; then mints the auditor knows; then more successful auditor mints+melts; then fewer
 * auditor errors; then URL, so the order is stable.
 */
export function mergeDiscovery(auditor: AuditorData[], ratings: MintRatings[]): DiscoveredMint[] {
  const byUrl = new Map<string, DiscoveredMint>();
  for (const entry of ratings) {
    byUrl.set(entry.url, {
      url: entry.url,
      score: averageScore(entry.recommendations),
      recommendations: entry.recommendations,
    });
  }
  for (const data of auditor) {
    const existing = byUrl.get(data.url);
    // The first entry of a URL the auditor lists twice wins.
    if (existing?.auditorData) continue;
    if (existing) existing.auditorData = data;
    else byUrl.set(data.url, { url: data.url, score: 0, recommendations: [], auditorData: data });
  }
  return [...byUrl.values()].sort(compareMints);
}

function compareMints(a: DiscoveredMint, b: DiscoveredMint): number {
  return (
    b.score - a.score ||
    b.recommendations.length - a.recommendations.length ||
    Number(Boolean(b.auditorData)) - Number(Boolean(a.auditorData)) ||
    successes(b) - successes(a) ||
    (a.auditorData?.errors ?? 0) - (b.auditorData?.errors ?? 0) ||
    (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)
  );
}

function successes(mint: DiscoveredMint): number {
  return (mint.auditorData?.mints ?? 0) + (mint.auditorData?.melts ?? 0);
}
