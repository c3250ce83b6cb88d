// Types of bench/lib/budgets.mjs for its TypeScript test.
export interface BudgetCheck {
  figure: string;
  value: number | null;
  budget: string;
  floor?: number;
  distanceToFloor?: number;
  pass: boolean | null;
}

export function applyBudgets(
  figures: Record<string, unknown>,
  budgets: Record<string, unknown>,
): BudgetCheck[];
