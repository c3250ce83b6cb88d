// Shapes of a mint discovery result (docs/protocol.md "Mint discovery").

/** One rating found in a recommendation: '[score/5] comment'. */
export interface MintRecommendation {
  score: number;
  comment: string;
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
}
