// Puts each budget of bench/budgets.json beside its figure, with a pass flag (null = not measured).
// A budget is a fixed `max`, a `rule` the figure checks itself, or `overFloor` ms above (or
// `timesFloor` times) the figure named by `floor` (measured in the same run); the last two also
// report the floor and the distance.

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

/**
 * A floor-relative budget's floor: the same statistic of the figure at `budget.floor` (e.g. the
 * one-button React page measured in the same run), or null when that was not measured.
 */
function floorOf(figures, budget) {
  const { value } = lookup(figures, budget.floor);
  const floor = value && typeof value === 'object' ? value[budget.stat ?? 'median'] : value;
  return typeof floor === 'number' ? floor : null;
}

/** Figures whose budget is a rule rather than a number check themselves: they carry `pass`. */
export function applyBudgets(figures, budgets) {
  const checks = [];
  for (const [path, budget] of Object.entries(budgets)) {
    if (path.startsWith('$')) continue;
    const { parent, value } = lookup(figures, path);
    const floor = budget.floor ? floorOf(figures, budget) : undefined;
    const times = typeof budget.timesFloor === 'number';
    const max = budget.floor
      ? floor === null
        ? undefined
        : times
          ? Math.round(floor * budget.timesFloor * 10) / 10
          : floor + budget.overFloor
      : budget.max;
    const floorText = `floor${floor === null ? '' : ` (${floor} ${budget.unit})`}`;
    const described = budget.rule
      ? budget.rule
      : budget.floor
        ? `${budget.stat ? `${budget.stat} ` : ''}<= ${
            times
              ? `${budget.timesFloor} x ${floorText}`
              : `${floorText} + ${budget.overFloor} ${budget.unit}`
          }`
        : `${budget.stat ? `${budget.stat} ` : ''}<= ${budget.max} ${budget.unit}`;
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
    if (typeof measured === 'number' && max !== undefined) pass = measured <= max;
    const distance =
      typeof measured === 'number' && typeof floor === 'number'
        ? { floor, distanceToFloor: Math.round((measured - floor) * 10) / 10 }
        : {};
    if (holder) {
      holder.budget = described;
      holder.pass = pass;
      Object.assign(holder, distance);
    }
    checks.push({ figure: path, value: measured, budget: described, ...distance, pass });
  }
  return checks;
}
