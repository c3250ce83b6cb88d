// History metadata as display text: pretty-printed when it is JSON, raw
// otherwise (docs/behaviour.md "History").

/** Always plain text: the caller renders it as a text node, never as HTML. */
export function formatMetadata(metadata: string): string {
  try {
    return JSON.stringify(JSON.parse(metadata), null, 2);
  } catch {
    return metadata;
  }
}

/** The Lightning invoice a payment or cash-out event recorded (metadata `request`), if any. */
export function invoiceOf(metadata: string | undefined): string | null {
  if (!metadata) return null;
  try {
    const parsed: unknown = JSON.parse(metadata);
    if (parsed && typeof parsed === 'object' && 'request' in parsed) {
      const request = (parsed as { request: unknown }).request;
      return typeof request === 'string' && request.length > 0 ? request : null;
    }
  } catch {
    // not JSON: shown raw below, no invoice to pick out
  }
  return null;
}

/** What a cash-out row shows beside its label: the invoice's description and change anomalies. */
export interface CashOutNotes {
  description: string | null;
  /** sats of change beyond what was left over after the amount */
  extraChange: number;
  /** sats of routing fee beyond the reserve */
  feeBeyondReserve: number;
}

export function cashOutNotesOf(metadata: string | undefined): CashOutNotes {
  const notes: CashOutNotes = { description: null, extraChange: 0, feeBeyondReserve: 0 };
  if (!metadata) return notes;
  try {
    const parsed = JSON.parse(metadata) as Record<string, unknown> | null;
    if (!parsed || typeof parsed !== 'object') return notes;
    if (typeof parsed.description === 'string' && parsed.description.trim()) {
      notes.description = parsed.description.trim();
    }
    if (typeof parsed.extraChange === 'number') notes.extraChange = parsed.extraChange;
    if (typeof parsed.feeBeyondReserve === 'number') {
      notes.feeBeyondReserve = parsed.feeBeyondReserve;
    }
  } catch {
    // not JSON: nothing to show beside the label
  }
  return notes;
}
