// Puts each budget of bench/budgets.json beside its figure, with a pass flag (null = not measured).

function lookup(figures, path) {
  const parts = path.split('.');
  let parent = null;
  let value = figures;
  for (const part of parts) {
    if (value === null || typeof value !== 'object' || !(part in value)) return {};
    parent = value;
    value = value[part];
  }
  return { parent, leaf: parts[parts.length - 1], value };
}

/** Figures whose budget is a rule rather than a number check themselves: they carry `pass`. */
export function applyBudgets(figures, budgets) {
  const checks = [];
  for (const [path, budget] of Object.entries(budgets)) {
    if (path.startsWith('$')) continue;
    const { parent, value } = lookup(figures, path);
    const described =
      budget.rule ?? `${budget.stat ? `${budget.stat} ` : ''}<= ${budget.max} ${budget.unit}`;
    let measured = null;
    let pass = null;
    let holder = null;
    if (typeof value === 'number') {
      measured = value;
      holder = parent;
    } else if (value && typeof value === 'object' && value.status !== 'not measured') {
      holder = value;
      if (budget.rule) {
        measured = value.value ?? null;
        pass = typeof value.pass === 'boolean' ? value.pass : null;
      } else {
        measured = value[budget.stat ?? 'median'] ?? null;
      }
    }
    if (typeof measured === 'number' && budget.max !== undefined) pass = measured <= budget.max;
    if (holder) {
      holder.budget = described;
      holder.pass = pass;
    }
    checks.push({ figure: path, value: measured, budget: described, pass });
  }
  return checks;
}
