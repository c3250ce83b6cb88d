// Merging auditor data with relay recommendations into one ranked list of mints.
import { averageScore, type MintRatings } from './recommendations';
import type { AuditorData, DiscoveredMint, MintRecommendation } from './types';

export interface MergeOptions {
  /**
   * Reviewers known to publish something besides reviews. Omitted: every review counts as
   * vouched (no activity check was made). Given: reviews from other keys are unvouched.
   */
  vouched?: ReadonlySet<string>;
  /** Per URL, whether the mint answered /v1/info. */
  reachable?: ReadonlyMap<string, boolean>;
}

/**
 * One entry per mint URL (both sources use normalised URLs). The order, as in
 * docs/protocol.md "Mint discovery": mints that did not answer /v1/info last; then the score from vouched reviewers,
 * high to low, and more such ratings; then mints the auditor knows; then more successful auditor
 * mints+melts; then fewer auditor errors; then the score and number of all ratings, unvouched
 * included; then URL, so the order is stable. So reviews from keys with no other activity never
 * lift a mint above one with audited data.
 */
export function mergeDiscovery(
  auditor: AuditorData[],
  ratings: MintRatings[],
  options: MergeOptions = {},
): DiscoveredMint[] {
  const byUrl = new Map<string, DiscoveredMint>();
  const vouchedOf = (recommendations: MintRecommendation[]) =>
    options.vouched === undefined
      ? recommendations
      : recommendations.filter((r) => r.author !== undefined && options.vouched!.has(r.author));
  for (const entry of ratings) {
    const vouched = vouchedOf(entry.recommendations);
    byUrl.set(entry.url, {
      url: entry.url,
      score: averageScore(entry.recommendations),
      recommendations: entry.recommendations,
      vouchedScore: averageScore(vouched),
      vouchedCount: vouched.length,
    });
  }
  for (const data of auditor) {
    const existing = byUrl.get(data.url);
    // The first entry of a URL the auditor lists twice wins.
    if (existing?.auditorData) continue;
    if (existing) existing.auditorData = data;
    else {
      byUrl.set(data.url, {
        url: data.url,
        score: 0,
        recommendations: [],
        auditorData: data,
        vouchedScore: 0,
        vouchedCount: 0,
      });
    }
  }
  const mints = [...byUrl.values()];
  if (options.reachable) {
    for (const mint of mints) {
      const answered = options.reachable.get(mint.url);
      if (answered !== undefined) mint.reachable = answered;
    }
  }
  return mints.sort(compareMints);
}

function compareMints(a: DiscoveredMint, b: DiscoveredMint): number {
  return (
    Number(a.reachable === false) - Number(b.reachable === false) ||
    b.vouchedScore - a.vouchedScore ||
    b.vouchedCount - a.vouchedCount ||
    Number(Boolean(b.auditorData)) - Number(Boolean(a.auditorData)) ||
    successes(b) - successes(a) ||
    (a.auditorData?.errors ?? 0) - (b.auditorData?.errors ?? 0) ||
    b.score - a.score ||
    b.recommendations.length - a.recommendations.length ||
    (a.url < b.url ? -1 : a.url > b.url ? 1 : 0)
  );
}

function successes(mint: DiscoveredMint): number {
  return (mint.auditorData?.mints ?? 0) + (mint.auditorData?.melts ?? 0);
}
