// NUT-10/11 spending conditions on inputs: P2PK with SIG_INPUTS or SIG_ALL, n_sigs, locktime, refund keys.
import { schnorr } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { ErrorCode, MintError } from './errors.ts';
import { nowSeconds } from './quotes.ts';
import type { BlindedMessageWire, ProofWire } from './types.ts';

/** A NUT-10 well-known secret: `[kind, {nonce, data, tags}]`. */
export type WellKnownSecret = { kind: string; data: string; tags: string[][] };

const P2PK_TAGS = ['sigflag', 'n_sigs', 'pubkeys', 'locktime', 'refund', 'n_sigs_refund'];
/** Bounds against abuse, as mints set them. */
const MAX_KEYS = 10;

/**
 * A spending condition not met: 20008 "witness missing or invalid" in both tables, as CDK answers
 * every NUT-11 failure (nutshell sends 11000 or 0); see dev/mint/README.md "Refusal codes".
 */
function refuse(detail: string): MintError {
  return new MintError(ErrorCode.witnessInvalid, detail);
}

/** The well-known secret, or null for a plain (random) secret. */
export function parseWellKnown(secret: string): WellKnownSecret | null {
  if (!secret.startsWith('[')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(secret);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string') return null;
  const body = parsed[1] as unknown;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { data, tags = [] } = body as { data?: unknown; tags?: unknown };
  if (typeof data !== 'string') throw refuse('malformed NUT-10 secret: no data');
  if (
    !Array.isArray(tags) ||
    !tags.every((t) => Array.isArray(t) && t.length >= 1 && t.every((v) => typeof v === 'string'))
  ) {
    throw refuse('NUT-10 secret tags must be lists of strings');
  }
  return { kind: parsed[0], data, tags: tags as string[][] };
}

type P2pkRules = {
  sigflag: 'SIG_INPUTS' | 'SIG_ALL';
  keys: string[];
  nSigs: number;
  locktime: number | null;
  refund: string[];
  nSigsRefund: number;
};

function checkKey(hex: string): string {
  if (!/^0[23][0-9a-fA-F]{64}$/.test(hex)) throw refuse(`P2PK key ${hex} is not a compressed key`);
  return hex.toLowerCase();
}

function positiveInt(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw refuse(`${what} must be a positive integer`);
  return Number(value);
}

/** Reads the P2PK tags, refusing a malformed secret as NUT-11 says (unspendable). */
export function p2pkRules(secret: WellKnownSecret): P2pkRules {
  const seen = new Set<string>();
  const tag = (key: string) => {
    const found = secret.tags.filter((t) => t[0] === key);
    return found[0]?.slice(1);
  };
  for (const t of secret.tags) {
    const key = t[0] ?? '';
    if (!P2PK_TAGS.includes(key)) continue;
    if (seen.has(key)) throw refuse(`P2PK tag ${key} appears more than once`);
    seen.add(key);
  }
  const sigflag = tag('sigflag')?.[0] ?? 'SIG_INPUTS';
  if (sigflag !== 'SIG_INPUTS' && sigflag !== 'SIG_ALL') throw refuse(`unknown sigflag ${sigflag}`);
  const keys = [secret.data, ...(tag('pubkeys') ?? [])].map(checkKey);
  const refund = (tag('refund') ?? []).map(checkKey);
  if (keys.length > MAX_KEYS || refund.length > MAX_KEYS) throw refuse('too many P2PK keys');
  if (new Set(keys).size !== keys.length || new Set(refund).size !== refund.length) {
    throw refuse('duplicate P2PK keys');
  }
  const nSigs = positiveInt(tag('n_sigs')?.[0], 'n_sigs') ?? 1;
  const nSigsRefund = positiveInt(tag('n_sigs_refund')?.[0], 'n_sigs_refund') ?? 1;
  if (nSigs > keys.length) throw refuse('n_sigs is more than the number of keys');
  if (refund.length > 0 && nSigsRefund > refund.length) {
    throw refuse('n_sigs_refund is more than the number of refund keys');
  }
  const lock = tag('locktime')?.[0];
  const locktime =
    lock !== undefined && /^\d+$/.test(lock) && Number(lock) > 0 ? Number(lock) : null;
  return { sigflag, keys, nSigs, locktime, refund, nSigsRefund };
}

function witnessSignatures(witness: unknown): string[] {
  let parsed = witness;
  if (typeof witness === 'string') {
    try {
      parsed = JSON.parse(witness);
    } catch {
      throw refuse('witness is not valid JSON');
    }
  }
  const signatures = (parsed as { signatures?: unknown } | null | undefined)?.signatures;
  if (!Array.isArray(signatures)) return [];
  return signatures.filter(
    (s): s is string => typeof s === 'string' && /^[0-9a-fA-F]{128}$/.test(s),
  );
}

/** How many of `keys` made one of `signatures` over sha256(message) (BIP-340, x-only keys). */
function validSigners(keys: string[], signatures: string[], message: string): number {
  const digest = sha256(new TextEncoder().encode(message));
  return keys.filter((key) =>
    signatures.some((sig) => {
      try {
        return schnorr.verify(hexToBytes(sig), digest, hexToBytes(key.slice(2)));
      } catch {
        return false;
      }
    }),
  ).length;
}

/**
 * NUT-11: before the locktime (or without one) `nSigs` of the lock keys must sign; after it, the
 * lock keys still can, and so can `nSigsRefund` refund keys, or anyone when there are none.
 */
function checkSigned(rules: P2pkRules, witness: unknown, message: string): void {
  const signatures = witnessSignatures(witness);
  if (validSigners(rules.keys, signatures, message) >= rules.nSigs) return;
  const expired = rules.locktime !== null && nowSeconds() >= rules.locktime;
  if (expired) {
    if (rules.refund.length === 0) return;
    if (validSigners(rules.refund, signatures, message) >= rules.nSigsRefund) return;
  }
  // CDK's texts, which wallets' tests match (`witness.*p2pk.*signature`, `signatures not provided`)
  throw refuse(
    signatures.length === 0
      ? 'Witness signatures not provided. P2PK signatures are required but not provided'
      : `P2PK spend conditions are not met (${expired ? 'lock or refund keys' : `${rules.nSigs} of the lock keys`} needed)`,
  );
}

/** SIG_ALL message: every input's secret and C, every output's amount and B_, then the melt quote id. */
export function sigAllMessage(
  inputs: ProofWire[],
  outputs: BlindedMessageWire[],
  quoteId?: string,
): string {
  return [
    ...inputs.flatMap((p) => [p.secret, p.C]),
    ...outputs.flatMap((o) => [String(o.amount), o.B_]),
    ...(quoteId === undefined ? [] : [quoteId]),
  ].join('');
}

/**
 * Enforces the spending conditions of a swap's or melt's inputs; plain secrets pass. Refuses
 * malformed P2PK secrets and missing or insufficient signatures (20008), and kinds other than
 * P2PK (10003, or 10001 in the current table).
 */
export function checkSpendingConditions(
  inputs: ProofWire[],
  outputs: BlindedMessageWire[],
  quoteId?: string,
): void {
  const secrets = inputs.map((p) => parseWellKnown(p.secret));
  for (const secret of secrets) {
    if (secret && secret.kind !== 'P2PK') {
      throw new MintError(
        ErrorCode.proofInvalid,
        `spending condition ${secret.kind} is not supported`,
      );
    }
  }
  const rules = secrets.map((s) => (s ? p2pkRules(s) : null));
  const sigAll = rules.findIndex((r) => r?.sigflag === 'SIG_ALL');
  if (sigAll >= 0) {
    const first = secrets[0];
    const same = secrets.every(
      (s) =>
        s !== null &&
        s.kind === first?.kind &&
        s.data === first.data &&
        JSON.stringify(s.tags) === JSON.stringify(first.tags),
    );
    if (!same) {
      throw refuse('SIG_ALL inputs must all have the same kind, data and tags');
    }
    checkSigned(rules[0]!, inputs[0]?.witness, sigAllMessage(inputs, outputs, quoteId));
    return;
  }
  for (const [i, rule] of rules.entries()) {
    if (rule) checkSigned(rule, inputs[i]?.witness, inputs[i]?.secret ?? '');
  }
}
