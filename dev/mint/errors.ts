// Mint refusals: the typed error every handler throws, and its NUT error code in either table.

/**
 * Codes from the NUT error table as deployed mints (nutshell, cdk) answer them. Codes the table
 * has no entry for use the generic category code (x0000 / x1000) so clients still see "definite
 * refusal" rather than an ambiguous failure.
 */
export const ErrorCode = {
  outputsAlreadySigned: 10002,
  proofInvalid: 10003,
  proofsAlreadySpent: 11001,
  notBalanced: 11002,
  transaction: 11000,
  unitUnsupported: 11005,
  amountOutsideLimit: 11006,
  duplicateInputs: 11007,
  duplicateOutputs: 11008,
  /** Inputs (or outputs) of more than one unit in one request. */
  multipleUnits: 11009,
  /** Inputs and outputs (or a quote and its proofs) of different units. */
  unitMismatch: 11010,
  amountlessInvoice: 11011,
  keysetUnknown: 12001,
  keysetInactive: 12002,
  quoteNotFound: 20000,
  quoteNotPaid: 20001,
  quoteAlreadyIssued: 20002,
  quotePending: 20005,
  invoiceAlreadyPaid: 20006,
  quoteExpired: 20007,
  mintSignatureInvalid: 20008,
  /** CDK's reading of 20008: any NUT-11 witness missing or invalid, on swap and melt inputs. */
  witnessInvalid: 20008,
  pubkeyInvalid: 20009,
  badRequest: 10000,
} as const;

/** A refusal the HTTP layer turns into `400 {detail, code}`. */
export class MintError extends Error {
  /** The code in the older numbering (the `ErrorCode` values). */
  readonly code: number;
  readonly status: number;
  /** The current table's code when the renumbering cannot be read off `code` alone. */
  readonly currentCode: number | undefined;

  constructor(code: number, detail: string, status = 400, currentCode?: number) {
    super(detail);
    this.name = 'MintError';
    this.code = code;
    this.status = status;
    this.currentCode = currentCode;
  }
}

/**
 * Inputs held by a melt whose payment is in flight. The older table has no entry (the generic
 * transaction code); the current one calls it 11002 "Proofs are pending".
 */
export function proofsPendingError(): MintError {
  return new MintError(ErrorCode.transaction, 'proofs are pending', 400, 11002);
}

/** Which NUT error table the mint's own refusals use (the `refuse` fault sends its code as given). */
export type ErrorCodeGeneration = 'older' | 'current';

/**
 * The renumbering of the current NUT error table (cashubtc/nuts error_codes.md): conditions whose
 * number changed, keyed by the older number. The rest kept theirs.
 */
const CURRENT_NUMBERS: Readonly<Record<number, number>> = {
  [ErrorCode.proofInvalid]: 10001,
  [ErrorCode.outputsAlreadySigned]: 11003,
  [ErrorCode.notBalanced]: 11005,
  [ErrorCode.unitUnsupported]: 11013,
};

/** The code a refusal carries on the wire in the given generation. */
export function wireCode(error: MintError, generation: ErrorCodeGeneration): number {
  if (generation === 'older') return error.code;
  return error.currentCode ?? CURRENT_NUMBERS[error.code] ?? error.code;
}
