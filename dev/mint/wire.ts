// Parsing of request bodies: amounts, hex strings, blinded messages and proofs, refusing bad shapes.
import { ErrorCode, MintError } from './errors.ts';
import type { BlindedMessageWire, ProofWire } from './types.ts';

export function bad(detail: string): MintError {
  return new MintError(ErrorCode.badRequest, detail);
}

export function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw bad(`${what} must be an object`);
  }
  return value as Record<string, unknown>;
}

/** Wallets send amounts as JSON numbers, or as strings when they carry big integers. */
export function asAmount(value: unknown, what: string): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw bad(`${what} must be a non-negative integer`);
  }
  return n;
}

export function asString(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw bad(`${what} must be a non-empty string`);
  return value;
}

export function asHex(value: unknown, what: string): string {
  const s = asString(value, what);
  if (!/^[0-9a-fA-F]+$/.test(s) || s.length % 2 !== 0) throw bad(`${what} must be hex`);
  return s.toLowerCase();
}

export function asArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw bad(`${what} must be a list`);
  return value;
}

export function parseOutputs(value: unknown, allowEmpty = false): BlindedMessageWire[] {
  const list = value === undefined && allowEmpty ? [] : asArray(value, 'outputs');
  if (!allowEmpty && list.length === 0) throw bad('outputs must not be empty');
  return list.map((item, i) => {
    const o = asObject(item, `outputs[${i}]`);
    return {
      amount: asAmount(o.amount ?? 0, `outputs[${i}].amount`),
      id: asString(o.id, `outputs[${i}].id`),
      B_: asHex(o.B_, `outputs[${i}].B_`),
    };
  });
}

export function parseProofs(value: unknown): ProofWire[] {
  const list = asArray(value, 'inputs');
  if (list.length === 0) throw bad('inputs must not be empty');
  return list.map((item, i) => {
    const p = asObject(item, `inputs[${i}]`);
    return {
      amount: asAmount(p.amount, `inputs[${i}].amount`),
      id: asString(p.id, `inputs[${i}].id`),
      secret: asString(p.secret, `inputs[${i}].secret`),
      C: asHex(p.C, `inputs[${i}].C`),
      ...(p.witness === undefined || p.witness === null ? {} : { witness: p.witness }),
    };
  });
}

export function sum(items: { amount: number }[]): number {
  return items.reduce((total, item) => total + item.amount, 0);
}
