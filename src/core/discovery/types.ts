// Shapes of a mint discovery result (docs/protocol.md "Mint discovery").

/** One rating found in a recommendation: '[score/5] comment'. */
export interface MintRecommendation {
  score: number;
  comment: string;
  /** the reviewer's pubkey (hex), when known */
  author?: string;
}

/** What the auditor knows about a mint (its n_errors/n_mints/n_melts renamed). */
export interface AuditorData {
  url: string;
  name: string;
  updated_at: string;
  state: string;
  errors: number;
  mints: number;
  melts: number;
}

export interface DiscoveredMint {
  /** normalised mint URL (no trailing slash) */
  url: string;
  /** average of the ratings, 0 to 5, two decimals; 0 when the mint has no rating */
  score: number;
  recommendations: MintRecommendation[];
  auditorData?: AuditorData;
  /**
   * Average of the ratings from reviewers who published something else too (0 when none): the
   * score used for ranking (docs/protocol.md "Mint discovery").
   */
  vouchedScore: number;
  /** how many ratings that average has */
  vouchedCount: number;
  /** true: answered GET /v1/info; false: did not; absent: not asked */
  reachable?: boolean;
}
