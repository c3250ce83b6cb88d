// Types of bench/lib/growth.mjs for its TypeScript test.
export interface GrowthStep {
  metric: string;
  unit: string;
  from: number;
  to: number;
  small: number;
  big: number;
  ratio: number | null;
  limit: number;
  pass: boolean;
}

export function growthCheck(
  series: Array<{ size: number } & Record<string, unknown>>,
  metrics: string[],
  options?: { allowance?: Record<string, number>; unitOf?: (metric: string) => string },
): { value: number | null; pass: boolean; failed: string[]; steps: GrowthStep[] };
