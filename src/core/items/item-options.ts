// An item's options: variants (pick one, e.g. size) and modifiers (pick any, e.g. oat milk), each
// with a price change in the item's own unit, and the cart line a pick makes
// (docs/behaviour.md "Variants and modifiers", docs/decisions/0078-options-and-stock-moved-by-records.md).
import { MAX_SATS } from '../prices/convert';
import type { CatalogItem, ItemPrice } from './item';

/** One choice of a group: its name and what it adds to the item's price (may be negative). */
export interface ItemOption {
  /** unique within its item; stock of the choice is counted under `${itemId}/${id}` */
  id: string;
  name: string;
  /** sats for a sats price, the currency's minor units (cents) for a fiat one; 0 for none */
  delta: number;
}

/** A group of choices: 'one' exactly one (a variant), 'any' none or several (modifiers). */
export interface OptionGroup {
  id: string;
  name: string;
  pick: 'one' | 'any';
  choices: ItemOption[];
}

/** A choice as a cart or sale line keeps it: enough to name it and find it in the catalog again. */
export interface LineOption {
  groupId: string;
  id: string;
  name: string;
}

export const MAX_GROUPS = 8;
export const MAX_CHOICES = 20;
const MAX_OPTION_NAME = 40;

export const OPTIONS_INVALID =
  'Each option group needs a name and one to twenty choices with names and whole price changes.';
export const OPTIONS_PRICE_TOO_LOW = 'With the cheapest choices the price must stay above zero.';

const whole = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && Math.abs(n) <= MAX_SATS;
const named = (s: unknown): s is string =>
  typeof s === 'string' && s.trim() !== '' && s.trim().length <= MAX_OPTION_NAME;

function amountOf(price: ItemPrice): number {
  return price.unit === 'sat' ? price.sats : price.minor;
}

/** Why an item's options cannot be saved; null when they can (or there are none). */
export function optionsProblem(options: unknown, price: ItemPrice): string | null {
  if (options === undefined) return null;
  if (!Array.isArray(options) || options.length > MAX_GROUPS) return OPTIONS_INVALID;
  const ids = new Set<string>();
  const groupIds = new Set<string>();
  let cheapest = amountOf(price);
  for (const group of options as OptionGroup[]) {
    if (typeof group !== 'object' || group === null) return OPTIONS_INVALID;
    if (!named(group.name) || typeof group.id !== 'string' || groupIds.has(group.id)) {
      return OPTIONS_INVALID;
    }
    groupIds.add(group.id);
    if (group.pick !== 'one' && group.pick !== 'any') return OPTIONS_INVALID;
    const { choices } = group;
    if (!Array.isArray(choices) || choices.length < 1 || choices.length > MAX_CHOICES) {
      return OPTIONS_INVALID;
    }
    for (const choice of choices) {
      const ok =
        typeof choice === 'object' &&
        choice !== null &&
        typeof choice.id === 'string' &&
        choice.id !== '' &&
        !choice.id.includes('/') &&
        !ids.has(choice.id) &&
        named(choice.name) &&
        whole(choice.delta);
      if (!ok) return OPTIONS_INVALID;
      ids.add(choice.id);
    }
    const deltas = choices.map((c) => c.delta);
    cheapest +=
      group.pick === 'one'
        ? Math.min(...deltas)
        : deltas.filter((d) => d < 0).reduce((s, d) => s + d, 0);
  }
  return cheapest > 0 ? null : OPTIONS_PRICE_TOO_LOW;
}

/** The options as stored: trimmed names, empty groups dropped; undefined when there are none. */
export function normaliseOptions(options: readonly OptionGroup[] | undefined) {
  if (!options || options.length === 0) return undefined;
  return options.map((group) => ({
    id: group.id,
    name: group.name.trim(),
    pick: group.pick,
    choices: group.choices.map((c) => ({ id: c.id, name: c.name.trim(), delta: c.delta })),
  }));
}

export function hasOptions(item: Pick<CatalogItem, 'options'>): boolean {
  return (item.options?.length ?? 0) > 0;
}

/** The first choice of each 'one' group: what the chooser opens with. */
export function defaultPicks(item: Pick<CatalogItem, 'options'>): string[] {
  return (item.options ?? []).filter((g) => g.pick === 'one').map((g) => g.choices[0]!.id);
}

/**
 * The picks as the item's groups order them, or undefined when they are not a valid pick: every
 * 'one' group exactly once, 'any' groups at most once each choice, nothing unknown.
 */
export function pickedOptions(
  item: Pick<CatalogItem, 'options'>,
  picks: readonly string[],
): Array<ItemOption & { groupId: string }> | undefined {
  const wanted = new Set(picks);
  if (wanted.size !== picks.length) return undefined;
  const found: Array<ItemOption & { groupId: string }> = [];
  for (const group of item.options ?? []) {
    const chosen = group.choices.filter((c) => wanted.has(c.id));
    if (group.pick === 'one' && chosen.length !== 1) return undefined;
    for (const c of chosen) found.push({ ...c, groupId: group.id });
  }
  return found.length === wanted.size ? found : undefined;
}

/** The item's price with the picked choices' changes; undefined when it is not above zero. */
export function pricedWith(
  price: ItemPrice,
  picked: readonly Pick<ItemOption, 'delta'>[],
): ItemPrice | undefined {
  const delta = picked.reduce((s, c) => s + c.delta, 0);
  const amount = amountOf(price) + delta;
  if (!Number.isSafeInteger(amount) || amount <= 0) return undefined;
  return price.unit === 'sat' ? { unit: 'sat', sats: amount } : { ...price, minor: amount };
}

/** What a line with options is called: "Coffee, large, oat milk". */
export function optionsLabel(name: string, options: readonly Pick<LineOption, 'name'>[]): string {
  return [name, ...options.map((o) => o.name)].join(', ');
}

/** The ids one line's stock is counted under: the item's and each picked choice's. */
export function stockKeysOf(line: {
  itemId?: string;
  options?: readonly Pick<LineOption, 'id'>[];
}): string[] {
  if (line.itemId === undefined) return [];
  return [line.itemId, ...(line.options ?? []).map((o) => `${line.itemId}/${o.id}`)];
}

/** Whether a stored or received line's options have the shape of LineOption[]. */
export function isLineOptions(value: unknown): value is LineOption[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_GROUPS * MAX_CHOICES &&
    value.every(
      (o) =>
        typeof o === 'object' &&
        o !== null &&
        typeof (o as LineOption).groupId === 'string' &&
        typeof (o as LineOption).id === 'string' &&
        typeof (o as LineOption).name === 'string',
    )
  );
}
