// Malformed SUCCESSFUL replies for tests: the mint acts (signs, stores, marks quotes issued) and
// then answers 200 with a reply a careful wallet must refuse. See README "Fault switches".
import { pointFromHex } from '@cashu/cashu-ts';

export const MALFORMATIONS = [
  'wrongAmount',
  'badC',
  'forgedSignature',
  'missingDleq',
  'wrongDleq',
  'wrongKeysetId',
  'extraSignature',
  'missingSignature',
  'keysetIdMismatch',
] as const;
/**
 * On `/v1/checkstate` replies (NUT-07): one state left out (`missingState`), one more for a Y not
 * asked about (`extraState`), the first state not one NUT-07 names (`unknownState`), the first Y
 * changed (`wrongY`).
 */
export const STATE_MALFORMATIONS = [
  'missingState',
  'extraState',
  'unknownState',
  'wrongY',
] as const;
export type StateMalformation = (typeof STATE_MALFORMATIONS)[number];
export type Malformation = (typeof MALFORMATIONS)[number] | StateMalformation;

/** Every `malform` a fault rule may name. */
export const ALL_MALFORMATIONS: readonly Malformation[] = [
  ...MALFORMATIONS,
  ...STATE_MALFORMATIONS,
];

type Json = Record<string, unknown>;
type Signature = { id: string; amount: number; C_: string; dleq?: { e: string; s: string } };

/** The generator point: a valid curve point that is not the mint's signature. */
const G = '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';

function flipHex(hex: string): string {
  return hex.slice(0, -1) + (hex.at(-1) === '0' ? '1' : '0');
}

/** The list of blind signatures in a reply: `signatures` (mint, swap, restore) or `change` (melt). */
function signaturesOf(json: Json): Signature[] | undefined {
  const list = json.signatures ?? json.change;
  return Array.isArray(list) ? (list as Signature[]) : undefined;
}

function malformSignatures(kind: Malformation, list: Signature[]): void {
  const first = list[0];
  if (!first) return;
  switch (kind) {
    case 'wrongAmount':
      first.amount = first.amount * 2;
      break;
    case 'badC':
      first.C_ = first.C_ === G ? pointFromHex(G).double().toHex(true) : G;
      break;
    case 'forgedSignature':
      // A bad C_ with no DLEQ to give it away: only a wallet requiring DLEQ notices.
      first.C_ = first.C_ === G ? pointFromHex(G).double().toHex(true) : G;
      for (const s of list) delete s.dleq;
      break;
    case 'missingDleq':
      for (const s of list) delete s.dleq;
      break;
    case 'wrongDleq':
      if (first.dleq) first.dleq = { ...first.dleq, s: flipHex(first.dleq.s) };
      break;
    case 'wrongKeysetId':
      first.id = first.id.startsWith('00') ? `00${'f'.repeat(14)}` : flipHex(first.id);
      break;
    case 'extraSignature':
      list.push({ ...first });
      break;
    case 'missingSignature':
      list.pop();
      break;
    default:
      break;
  }
}

/** A melt quote reply (NUT-05): `wrongAmount` quotes one sat less than the invoice asks. */
function isMeltQuote(json: Json): boolean {
  return typeof json.fee_reserve === 'number' && typeof json.amount === 'number';
}

/** `keysetIdMismatch` on a keys reply: one key replaced, the id left as it was. */
function malformKeys(json: Json): void {
  const keysets = json.keysets;
  if (!Array.isArray(keysets)) return;
  for (const keyset of keysets as { keys?: Record<string, string> }[]) {
    if (keyset.keys && keyset.keys['1']) keyset.keys['1'] = G;
  }
}

type State = { Y: string; state: string; witness?: string | null };

function malformStates(kind: Malformation, list: State[]): void {
  const first = list[0];
  if (!first) return;
  switch (kind) {
    case 'missingState':
      list.pop();
      break;
    case 'extraState':
      // A real point (G), so only a wallet matching Ys to its request notices.
      list.push({ ...first, Y: G });
      break;
    case 'unknownState':
      first.state = 'RESERVED';
      break;
    case 'wrongY':
      first.Y = first.Y === G ? pointFromHex(G).double().toHex(true) : G;
      break;
    default:
      break;
  }
}

/** A copy of a successful reply, malformed as asked; anything else is returned unchanged. */
export function malformReply(kind: Malformation, reply: unknown): unknown {
  if (typeof reply !== 'object' || reply === null) return reply;
  const json = structuredClone(reply) as Json;
  if (Array.isArray(json.states)) {
    malformStates(kind, json.states as State[]);
    return json;
  }
  if (kind === 'keysetIdMismatch') {
    malformKeys(json);
    return json;
  }
  const list = signaturesOf(json);
  if (list) malformSignatures(kind, list);
  else if (kind === 'wrongAmount' && isMeltQuote(json)) json.amount = (json.amount as number) - 1;
  return json;
}
