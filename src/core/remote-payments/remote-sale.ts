// The lines a remote cashier's sale carries in its payment message, and the merchant's check of
// them against the mint's quote (docs/protocol.md "The payment message").
import type { LineOption } from '../items/item-options';
import { checkSale } from '../sale/sale-check';
import type { SaleLines } from '../sale/sale';
import type { SaleDetail, SaleLine } from '../sale/sale-detail';

/** What the cashier sends: the sale's lines without the payment method (the merchant knows it). */
export type RemoteSaleLines = SaleLines;

/** A cart longer than this is not a counter's: the message's 8 KiB bound stops most before. */
export const MAX_REMOTE_SALE_LINES = 200;

/**
 * The known fields of a sale in a fixed order, values as sent (checked later against the mint's
 * amount), so the pairing proof covers the same bytes on both sides; undefined when `value` is
 * not a sale's shape at all.
 */
export function canonicalRemoteSale(value: unknown): RemoteSaleLines | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  if (!Array.isArray(raw.lines) || raw.lines.length > MAX_REMOTE_SALE_LINES) return undefined;
  const lines: SaleLine[] = [];
  for (const entry of raw.lines as unknown[]) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
    const line = entry as Record<string, unknown>;
    const copy = { name: line.name, quantity: line.quantity, unitSats: line.unitSats } as SaleLine;
    if (line.itemId !== undefined) copy.itemId = line.itemId as string;
    if (line.taxRatePercent !== undefined) copy.taxRatePercent = line.taxRatePercent as number;
    if (line.options !== undefined) {
      if (!Array.isArray(line.options)) return undefined;
      // Each pick in a fixed order too: the merchant prices it from the catalog (catalog-lines.ts).
      copy.options = (line.options as unknown[]).map((o) => {
        const pick = (typeof o === 'object' && o !== null ? o : {}) as Record<string, unknown>;
        return { groupId: pick.groupId, id: pick.id, name: pick.name } as LineOption;
      });
    }
    lines.push(copy);
  }
  const sale = {
    lines,
    subtotalSats: raw.subtotalSats,
    taxSats: raw.taxSats,
    tipSats: raw.tipSats,
  } as RemoteSaleLines;
  if (raw.reference !== undefined) sale.reference = raw.reference as string;
  return sale;
}

/** The bytes of a sale the pairing proof covers. */
export function provenSaleText(sale: RemoteSaleLines): string {
  const canonical = canonicalRemoteSale(sale);
  return JSON.stringify(canonical ?? null);
}

/**
 * The sale's record for a remote quote of `amount` sats (the mint's figure, never the
 * cashier's), paid by `method`; undefined when its parts are not whole or do not add up to it,
 * so the sale still counts its amount as one line (decision 0042).
 */
export function remoteSaleFor(
  sale: RemoteSaleLines | undefined,
  amount: number,
  method: SaleDetail['method'] = 'lightning',
): SaleDetail | undefined {
  if (!sale || !Array.isArray(sale.lines) || sale.lines.length > MAX_REMOTE_SALE_LINES) {
    return undefined;
  }
  try {
    const checked = checkSale({ ...sale, method }, amount);
    if (checked.reference !== undefined && typeof checked.reference !== 'string') return undefined;
    return checked;
  } catch {
    return undefined;
  }
}
