// The NUT error codes the money path reacts to, without cashu-ts: the screens' words for a
// refusal (ui/mint-refusal.ts) read them before the protocol code has loaded.
/** NUT error codes the money path reacts to (NUT error table). */
export const NutCode = {
  outputsAlreadySigned: 10002,
  proofsAlreadySpent: 11001,
  keysetUnknown: 12001,
  keysetInactive: 12002,
  quoteNotPaid: 20001,
  quoteAlreadyIssued: 20002,
  quotePending: 20005,
  quoteExpired: 20007,
} as const;

/**
 * Codes the NUT error table renumbered (docs/conformance.md). Mints of both generations are in
 * use, so the current number of a condition is mapped to the older one the money path matches.
 */
const RENUMBERED: Record<number, number> = {
  11003: NutCode.outputsAlreadySigned,
};

/** A refusal's code in the older numbering the money path matches (RENUMBERED). */
export function matchedCode(code: number): number {
  return RENUMBERED[code] ?? code;
}
