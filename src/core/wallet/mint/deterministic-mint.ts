// Minting into a reserved NUT-13 counter range, and finding out (NUT-09/07) what the mint signed.
import {
  CheckStateEnum,
  hasValidDleq,
  HttpResponseError,
  MintOperationError,
  NetworkError,
  OutputData,
  splitAmount,
  type Proof,
  type Wallet,
} from '@cashu/cashu-ts';
import type { Checkpoint } from '../../checkpoint';
import { MintUnreachableError } from '../../errors';
import type { CounterReservation } from './ports';
import type { PreparedOutputs } from '../ecash/prepared-outputs';
import { withVartimeDleq } from './vartime-dleq-outputs';
import type { CounterSource } from '@cashu/cashu-ts';

/** How many outputs minting `amount` takes on the wallet's active keyset (one counter each). */
export function outputCountFor(
  wallet: Wallet,
  amount: number,
): { keysetId: string; count: number } {
  const keyset = wallet.getKeyset();
  return { keysetId: keyset.id, count: splitAmount(amount, keyset.keys).length };
}

/**
 * Reserves `count` counters, then records the range on the flow's row (`record`) before any
 * request, so a retry re-derives the same outputs. A crash between the two only leaves unused
 * counters behind: they are never handed out again. `together`, where the store has it, does
 * both in one transaction (MintQuoteStore.reserveOutputs): one write less on a payment's path,
 * and no state between them.
 */
export async function reserveAndRecord(
  flow: 'mint' | 'ecash',
  counters: Pick<CounterSource, 'reserve'>,
  wanted: { keysetId: string; count: number },
  record: (reservation: CounterReservation) => Promise<unknown>,
  checkpoint: Checkpoint,
  together?: (wanted: { keysetId: string; count: number }) => Promise<CounterReservation>,
): Promise<CounterReservation> {
  if (together) {
    const reservation = await together(wanted);
    await checkpoint(`${flow}:reservation-recorded`);
    return reservation;
  }
  const { keysetId } = wanted;
  const range = await counters.reserve(keysetId, wanted.count);
  await checkpoint(`${flow}:counters-reserved`);
  const reservation: CounterReservation = { keysetId, start: range.start, count: range.count };
  await record(reservation);
  await checkpoint(`${flow}:reservation-recorded`);
  return reservation;
}

export interface MintRequest {
  quote: string;
  amount: number;
  /** NUT-20 lock; `privkey` must then be the matching key (hex) */
  pubkey?: string;
  privkey?: string;
  reservation: CounterReservation;
}

/**
 * Builds the outputs of `reservation` from the seed (the same outputs every time, so a repeat
 * after an ambiguous failure can never be signed twice; from `prepared` where they were derived
 * ahead) and sends the mint request, the reply's DLEQs checked in variable time.
 * Errors before sending are thrown as they are; after sending, anything that is not a mint or
 * network error (e.g. too few signatures) is a MintUnreachableError: the mint may have acted.
 */
export async function mintReserved(
  wallet: Wallet,
  seed: Uint8Array,
  req: MintRequest,
  prepared?: PreparedOutputs,
): Promise<Proof[]> {
  const { reservation } = req;
  const keyset = await wallet.keyChain.ensureKeysetKeys(reservation.keysetId);
  const split = splitAmount(req.amount, keyset.keys);
  if (split.length > reservation.count) {
    throw new Error(
      `Counter reservation of ${reservation.count} is too small for ${split.length} outputs`,
    );
  }
  // Derived while the invoice was on screen where those counters were the next ones; an output
  // is a function of (seed, keyset, counter) alone, so either way these are the range's outputs.
  const data = prepared
    ? prepared.outputs(seed, keyset, reservation.start, split)
    : OutputData.createDeterministicData(req.amount, seed, reservation.start, keyset, split);
  const preview = await wallet.prepareMint(
    'bolt11',
    req.amount,
    req.pubkey ? { quote: req.quote, pubkey: req.pubkey } : { quote: req.quote },
    { keysetId: reservation.keysetId, ...(req.privkey ? { privkey: req.privkey } : {}) },
    { type: 'custom', data: withVartimeDleq(data) },
  );
  return completeMint(wallet, preview);
}

/**
 * Sends a prepared mint request. The mint's own refusals and network failures pass through as
 * they are; anything else (a reply cashu-ts could not use: a bad DLEQ, a malformed signature) is
 * an unclear answer, recovered by NUT-09 restore like a lost reply (docs/protocol.md "Money rules").
 */
export async function completeMint(
  wallet: Wallet,
  preview: Parameters<Wallet['completeMint']>[0],
): Promise<Proof[]> {
  try {
    return await wallet.completeMint(preview);
  } catch (error) {
    if (
      error instanceof MintOperationError ||
      error instanceof HttpResponseError ||
      error instanceof NetworkError
    ) {
      throw error;
    }
    const message = error instanceof Error ? error.message : 'Mint reply could not be used';
    throw new MintUnreachableError(message, { cause: error });
  }
}

export interface RestoredRange {
  /** every proof the mint has a signature for in the range */
  signed: Proof[];
  /** those the mint reports UNSPENT (NUT-07) */
  unspent: Proof[];
}

/**
 * A mint advertising NUT-12 must prove every signature, in a restore reply as in a mint reply
 * (cashu-ts checks the latter itself): a restored proof without a valid DLEQ is refused before
 * anything is stored, as a mint error (docs/security.md).
 */
function requireRestoredDleq(wallet: Wallet, keysetId: string, proofs: Proof[]): void {
  if (!wallet.getMintInfo().isSupported(12).supported) return;
  const keyset = wallet.keyChain.getKeyset(keysetId);
  for (const proof of proofs) {
    if (!hasValidDleq(proof, keyset, { require: true })) {
      throw new MintUnreachableError('Mint restored a signature without DLEQ proof');
    }
  }
}

/** NUT-09 restore of [start, start+count) on the reservation's keyset, then NUT-07 check. */
export async function restoreReservation(
  wallet: Wallet,
  reservation: CounterReservation,
): Promise<RestoredRange> {
  const { proofs } = await wallet.restore(reservation.start, reservation.count, {
    keysetId: reservation.keysetId,
  });
  if (proofs.length === 0) return { signed: [], unspent: [] };
  requireRestoredDleq(wallet, reservation.keysetId, proofs);
  const states = await wallet.checkProofsStates(proofs);
  const unspent = proofs.filter((_, i) => states[i]?.state === CheckStateEnum.UNSPENT);
  return { signed: proofs, unspent };
}

/**
 * The first counter at or after `from` the mint has never signed for this seed (a wallet restored
 * from its phrase starts below what an earlier install used). NUT-09 batches of 100 until three
 * empty batches in a row (the NUT-09 batch restore rule).
 */
export async function firstUnusedCounter(
  wallet: Wallet,
  keysetId: string,
  from: number,
): Promise<number> {
  const { lastCounterWithSignature } = await wallet.batchRestore(300, 100, from, keysetId);
  return lastCounterWithSignature === undefined ? from : lastCounterWithSignature + 1;
}
