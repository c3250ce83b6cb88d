// Minting a sale while the till is locked (decision 0024): random outputs journaled before the
// mint request, and NUT-09 restore of exactly those outputs when the answer was lost. With a PIN
// set the journal is sealed (decision 0030): the mint's blind signatures are stored as they come,
// and unblinded when the PIN opens them.
import {
  hasValidDleq,
  OutputData,
  pointFromHex,
  signMintQuote,
  splitAmount,
  verifyDLEQProof,
  type Keyset,
  type Proof,
  type SerializedBlindedSignature,
  type Wallet,
} from '@cashu/cashu-ts';
import { hexToBytes } from '@noble/hashes/utils.js';
import { MintUnreachableError } from '../../errors';
import { SalesSealer } from '../../lock';
import { completeMint } from './deterministic-mint';
import type { NewProof } from '../proof-ports';
import type { LockedOutputs, PlainLockedOutput, SealedLockedOutput } from './ports';
import { toNewProof } from '../proof-convert';
import { isSealedOutput, sealOutput, wireMessage } from './sealed-journal';

/** A proof of these outputs, flagged for the swap into NUT-13 outputs after unlock. */
export function toRandomProof(proof: Proof): NewProof {
  return { ...toNewProof(proof), random: true };
}

/**
 * Random secrets and blinding factors for `amount` on the wallet's active keyset, and the journal
 * that must be stored before they are sent: with it, a lost mint answer is recovered. Sealed to
 * `salesKey` when one is given (a PIN is set), so the journal at rest holds no secret. `plain`:
 * the same outputs unsealed, for the sale's backup on the relays, which is sealed to the identity
 * key before the journal is stored (decision 0050); never stored on the device.
 */
export function newLockedOutputs(
  wallet: Wallet,
  amount: number,
  salesKey?: string,
): { journal: LockedOutputs; plain: PlainLockedOutput[] } {
  const keyset = wallet.getKeyset();
  const data = OutputData.createRandomData(amount, keyset, splitAmount(amount, keyset.keys));
  const sealer = salesKey ? new SalesSealer(salesKey) : undefined;
  return {
    journal: {
      keysetId: keyset.id,
      outputs: data.map((output) =>
        sealer ? sealOutput(output, sealer) : OutputData.serialize(output),
      ),
    },
    plain: data.map((output) => OutputData.serialize(output)),
  };
}

function isSealedJournal(journal: LockedOutputs): journal is LockedOutputs & {
  outputs: SealedLockedOutput[];
} {
  return journal.outputs.length > 0 && journal.outputs.every(isSealedOutput);
}

function plainOutputsOf(journal: LockedOutputs): OutputData[] {
  return journal.outputs.map((output) => {
    if (isSealedOutput(output)) throw new MintUnreachableError('Journal mixes sealed outputs');
    return OutputData.deserialize(output as PlainLockedOutput);
  });
}

/**
 * Sends the mint request with the journaled outputs (the same ones every time, so a repeat can
 * never be signed twice). As `mintReserved`: after sending, anything that is not a mint or
 * network error is a MintUnreachableError, since the mint may have acted.
 */
export async function mintLocked(
  wallet: Wallet,
  req: { quote: string; amount: number; journal: LockedOutputs; pubkey?: string; privkey?: string },
): Promise<NewProof[]> {
  if (isSealedJournal(req.journal)) return mintSealed(wallet, req, req.journal.outputs);
  // A NUT-20 quote locked to the sales inbox key is signed with it (decision 0030, point 7).
  const preview = await wallet.prepareMint(
    'bolt11',
    req.amount,
    req.pubkey ? { quote: req.quote, pubkey: req.pubkey } : { quote: req.quote },
    { keysetId: req.journal.keysetId, ...(req.privkey ? { privkey: req.privkey } : {}) },
    { type: 'custom', data: plainOutputsOf(req.journal) },
  );
  return (await completeMint(wallet, preview)).map(toRandomProof);
}

async function mintSealed(
  wallet: Wallet,
  req: { quote: string; privkey?: string },
  outputs: SealedLockedOutput[],
): Promise<NewProof[]> {
  const keyset = await wallet.keyChain.ensureKeysetKeys(outputs[0]!.blindedMessage.id);
  const messages = outputs.map(wireMessage);
  // NUT-20: a quote locked to the sales inbox key carries its signature over these messages.
  const signature = req.privkey ? signMintQuote(req.privkey, req.quote, messages) : undefined;
  const reply = await wallet.mint.mintBolt11({
    quote: req.quote,
    outputs: messages,
    ...(signature ? { signature } : {}),
  });
  if (reply.signatures.length !== outputs.length) {
    throw new MintUnreachableError('Mint reply does not sign each output once');
  }
  return blindProofs(wallet, keyset, outputs, (_, i) => reply.signatures[i]);
}

/** A signature that fails a check is a reply we cannot use: the mint may have acted. */
function unusable(message: string, cause?: unknown): MintUnreachableError {
  return new MintUnreachableError(message, cause === undefined ? undefined : { cause });
}

/** A blind signature's points and DLEQ against its blinded message, without the blinding factor. */
function checkSignature(
  B_: string,
  signature: SerializedBlindedSignature,
  K: string,
  dleqRequired: boolean,
): void {
  const { dleq } = signature;
  let valid: boolean;
  try {
    // Points read now, so that opening the row after the PIN cannot fail on the mint's answer.
    const [b, c, k] = [B_, signature.C_, K].map((hex) => pointFromHex(hex));
    valid = dleq
      ? verifyDLEQProof({ e: hexToBytes(dleq.e), s: hexToBytes(dleq.s) }, b!, c!, k!)
      : !dleqRequired;
  } catch (error) {
    throw unusable('Mint signature is unreadable', error);
  }
  if (!valid) {
    throw unusable(
      dleq ? 'Mint signature failed its DLEQ proof' : 'Mint signature has no DLEQ proof',
    );
  }
}

/**
 * The mint's signatures on sealed outputs as proofs to store sealed (`NewProof.blind`): each
 * signature's DLEQ is checked against the blinded message now, without the blinding factor, and
 * required when the mint advertises NUT-12 (docs/security.md).
 */
function blindProofs(
  wallet: Wallet,
  keyset: Keyset,
  outputs: SealedLockedOutput[],
  signatureOf: (output: SealedLockedOutput, i: number) => SerializedBlindedSignature | undefined,
): NewProof[] {
  const dleqRequired = wallet.getMintInfo().isSupported(12).supported;
  const proofs: NewProof[] = [];
  outputs.forEach((output, i) => {
    const signature = signatureOf(output, i);
    if (!signature) return;
    const amount = signature.amount.toNumber();
    const K = (keyset.keys as Record<string, string | undefined>)[String(amount)];
    if (!K || signature.id !== keyset.id || String(amount) !== output.blindedMessage.amount) {
      throw unusable('Mint signed another amount or with a key it did not announce');
    }
    checkSignature(output.blindedMessage.B_, signature, K, dleqRequired);
    const dleq = signature.dleq;
    proofs.push({
      secret: output.key,
      amount,
      id: signature.id,
      C: '',
      random: true,
      blind: {
        sealed: output.sealed,
        C_: signature.C_,
        K,
        ...(dleq ? { dleq: { e: dleq.e, s: dleq.s } } : {}),
      },
    });
  });
  return proofs;
}

/** A swap of `inputs` into the journaled outputs: the same ones every time, as `mintLocked`. */
export async function swapLocked(
  wallet: Wallet,
  inputs: Proof[],
  journal: LockedOutputs,
): Promise<NewProof[]> {
  if (isSealedJournal(journal)) {
    // Sealed outputs go out as their blinded messages; the signatures are stored blind, as a
    // sealed locked mint's are (decision 0030, point 6).
    const keyset = await wallet.keyChain.ensureKeysetKeys(journal.keysetId);
    const reply = await wallet.mint.swap({
      inputs: inputs.map(({ id, amount, secret, C, witness }) => ({
        id,
        amount,
        secret,
        C,
        ...(witness ? { witness } : {}),
      })),
      outputs: journal.outputs.map(wireMessage),
    });
    if (reply.signatures.length !== journal.outputs.length) {
      throw new MintUnreachableError('Mint reply does not sign each output once');
    }
    return blindProofs(wallet, keyset, journal.outputs, (_, i) => reply.signatures[i]);
  }
  const preview = await wallet.prepareSwapToReceive(
    inputs,
    { keysetId: journal.keysetId },
    { type: 'custom', data: plainOutputsOf(journal) },
  );
  return (await wallet.completeSwap(preview)).keep.map(toRandomProof);
}

/**
 * NUT-09 restore of the journaled outputs: the proofs the mint signed for them (empty when it
 * signed none). A mint advertising NUT-12 must prove each signature, as in
 * `restoreReservation`; a restored signature without a valid DLEQ is refused, storing nothing.
 */
export async function restoreLocked(wallet: Wallet, journal: LockedOutputs): Promise<NewProof[]> {
  const keyset = await wallet.keyChain.ensureKeysetKeys(journal.keysetId);
  const reply = await wallet.mint.restore({ outputs: journal.outputs.map(wireMessage) });
  const signed = new Map(
    reply.outputs.map((output, i) => [output.B_, reply.signatures[i]] as const),
  );
  if (isSealedJournal(journal)) {
    return blindProofs(wallet, keyset, journal.outputs, (o) => signed.get(o.blindedMessage.B_));
  }
  const proofs: Proof[] = [];
  for (const output of plainOutputsOf(journal)) {
    const signature = signed.get(output.blindedMessage.B_);
    if (signature) proofs.push(output.toProof(signature, keyset));
  }
  if (wallet.getMintInfo().isSupported(12).supported) {
    for (const proof of proofs) {
      if (!hasValidDleq(proof, keyset, { require: true })) {
        throw new MintUnreachableError('Mint restored a signature without DLEQ proof');
      }
    }
  }
  return proofs.map(toRandomProof);
}
