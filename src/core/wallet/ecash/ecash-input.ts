// The shape checks of ecash a customer hands over (a NUT-18 payload's proofs or a token's): what
// passes is plain whole-amount proofs in the till's unit; anything else is refused before anything is stored.
import { getDecodedToken, getTokenMetadata, type Token, type Wallet } from '@cashu/cashu-ts';
import { errorWords, ValidationError } from '../../errors';
import { SAT, type Unit } from '../../units/unit';
import type { NewProof } from '../proof-ports';

export const MALFORMED_ECASH_MESSAGE = 'This is not a Cashu ecash payment';
export const NOT_SATS_MESSAGE = 'This ecash is not in sats';
export const MALFORMED_TOKEN_MESSAGE = 'This is not a Cashu ecash token';

/**
 * Ecash of another unit than the till charges in, refused by name: a sat till keeps its words of
 * before units; a fiat till says both units ("This ecash is in sat; this till takes USD.").
 */
export function wrongUnitRefusal(actual: unknown, till: Unit): ValidationError {
  if (till === SAT) return new ValidationError(NOT_SATS_MESSAGE);
  // The customer's word or a keyset's, shortened: it is shown, never trusted.
  const unit = String(actual ?? SAT).slice(0, 12);
  const takes = till.toUpperCase();
  return new ValidationError(
    errorWords(
      'WRONG_UNIT',
      { unit, till: takes },
      `This ecash is in ${unit}; this till takes ${takes}.`,
    ),
  );
}

/** A payment of more proofs than this is refused: one swap must take them all. */
export const MAX_ECASH_INPUTS = 1_000;

const HEX = /^[0-9a-fA-F]+$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, max = 10_000): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max;
}

function dleqOf(value: unknown): NewProof['dleq'] | null | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) return null;
  const { e, s, r } = value;
  if (!text(e, 64) || !text(s, 64) || !HEX.test(e) || !HEX.test(s)) return null;
  if (r !== undefined && (!text(r, 64) || !HEX.test(r))) return null;
  return { e, s, ...(r === undefined ? {} : { r }) };
}

/** One proof as sent (JSON, any amount type cashu-ts writes), or null when it is not one. */
function proofOf(value: unknown): NewProof | null {
  if (!isObject(value)) return null;
  const { id, secret, C, witness } = value;
  const amount =
    typeof value.amount === 'number'
      ? value.amount
      : typeof value.amount === 'string' && /^\d{1,15}$/.test(value.amount)
        ? Number(value.amount)
        : typeof value.amount === 'object' && value.amount !== null && 'toNumber' in value.amount
          ? Number((value.amount as { toNumber(): unknown }).toNumber())
          : NaN;
  if (!Number.isSafeInteger(amount) || amount <= 0) return null;
  if (!text(id, 66) || !HEX.test(id) || !text(secret) || !text(C, 66) || !HEX.test(C)) return null;
  const dleq = dleqOf(value.dleq);
  if (dleq === null) return null;
  const proof: NewProof = { id, amount, secret, C };
  if (dleq) proof.dleq = dleq;
  if (witness !== undefined) {
    if (typeof witness === 'string') proof.witness = witness;
    else if (isObject(witness)) proof.witness = JSON.stringify(witness);
    else return null;
  }
  return proof;
}

/**
 * The proofs of a payment, checked for shape: at least one, at most MAX_ECASH_INPUTS, each with a
 * positive whole amount, hex keyset id and signature, no secret twice; the unit it claims is the
 * till's (absent = sat). Throws ValidationError otherwise. The claim is only a first look: the
 * keysets decide (EcashReceiver.checkSignatures).
 */
export function parseEcashProofs(
  proofs: unknown,
  unit: unknown = SAT,
  till: Unit = SAT,
): NewProof[] {
  const claimed = unit === undefined ? SAT : unit;
  if (claimed !== till) throw wrongUnitRefusal(claimed, till);
  if (!Array.isArray(proofs) || proofs.length === 0 || proofs.length > MAX_ECASH_INPUTS) {
    throw new ValidationError(MALFORMED_ECASH_MESSAGE);
  }
  const out: NewProof[] = [];
  const secrets = new Set<string>();
  for (const raw of proofs) {
    const proof = proofOf(raw);
    if (!proof || secrets.has(proof.secret)) throw new ValidationError(MALFORMED_ECASH_MESSAGE);
    secrets.add(proof.secret);
    out.push(proof);
  }
  return out;
}

/** A pasted or scanned token's text (without a `cashu:` prefix) and the mint it names. */
export function tokenMint(token: string): { text: string; mint: string } {
  const text = token.trim().replace(/^cashu:/i, '');
  try {
    return { text, mint: getTokenMetadata(text).mint };
  } catch {
    throw new ValidationError(MALFORMED_TOKEN_MESSAGE);
  }
}

/** The token decoded with its mint's keysets (a cashuB token names them by short id). */
export function decodeTokenWith(text: string, wallet: Wallet): Token {
  try {
    return getDecodedToken(text, wallet.keyChain.getAllKeysetIds());
  } catch {
    throw new ValidationError(MALFORMED_TOKEN_MESSAGE);
  }
}
