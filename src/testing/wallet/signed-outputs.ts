// A keyset made here and a wallet's outputs signed with it (DLEQ included), for the tests that
// hold our signature checks to cashu-ts' OutputData.toProof.
import {
  createBlindSignature,
  createDLEQProof,
  createNewMintKeys,
  OutputData,
  pointFromHex,
  type SerializedBlindedSignature,
} from '@cashu/cashu-ts';
import { bytesToHex } from '@noble/hashes/utils.js';

const mintKeys = createNewMintKeys(4, undefined, { versionByte: 0 });

/** The keyset's id and public keys (compressed hex by amount). */
export const testKeyset = {
  id: mintKeys.keysetId,
  keys: Object.fromEntries(
    Object.entries(mintKeys.pubKeys).map(([amount, key]) => [amount, bytesToHex(key)]),
  ),
};

/**
 * `amounts` outputs of a wallet from NUT-13 counter `counter` on, each signed with the keyset's key
 * for its amount, DLEQ included.
 */
export function signedOutputs(amounts: number[], counter = 5) {
  const seed = new Uint8Array(64).fill(9);
  const outputs = OutputData.createDeterministicData(
    amounts.reduce((a, b) => a + b, 0),
    seed,
    counter,
    testKeyset as never,
    amounts,
  );
  return outputs.map((data) => {
    const amount = Number(data.blindedMessage.amount.toString());
    const privateKey = (mintKeys.privKeys as Record<string, Uint8Array>)[String(amount)]!;
    const B_ = pointFromHex(data.blindedMessage.B_);
    const { C_ } = createBlindSignature(B_, privateKey, testKeyset.id);
    const { e, s } = createDLEQProof(B_, privateKey);
    const signature = {
      id: testKeyset.id,
      amount: data.blindedMessage.amount,
      C_: C_.toHex(true),
      dleq: { e: bytesToHex(e), s: bytesToHex(s) },
    } as unknown as SerializedBlindedSignature;
    return { data, signature };
  });
}

/** The hex with its last digit changed: a forged scalar or point. */
export function flip(hex: string): string {
  return hex.slice(0, -1) + (hex.at(-1) === '0' ? '1' : '0');
}
