// A locked sale's journal pending while the PIN is set or removed (decision 0030 point 6), on the
// real Dexie storage and till lock: setting the PIN seals its secrets and blinding factors in the
// same write, removing it opens them again, so no journal stays sealed to a key that is gone.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { OutputData, splitAmount } from '@cashu/cashu-ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { LockedOutputs, PendingMintQuote } from '../../core/wallet/mint/ports';
import { testStorage } from '../../testing/storage/db';

const PIN = '482915';
const KEYSET = '00ad268c4d1f5826';

/** A journal of random outputs as a locked till without a sales key writes it (plain). */
function plainJournal(amount: number): LockedOutputs {
  const point = bytesToHex(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey()));
  const keys = Object.fromEntries([1, 2, 4, 8, 16, 32, 64].map((a) => [String(a), point]));
  const keyset = { id: KEYSET, keys, unit: 'sat' } as unknown as Parameters<
    typeof OutputData.createRandomData
  >[1];
  const data = OutputData.createRandomData(amount, keyset, splitAmount(amount, keys));
  return { keysetId: KEYSET, outputs: data.map((o) => OutputData.serialize(o)) };
}

function quoteWith(journal: LockedOutputs): PendingMintQuote {
  return {
    quote: 'q-journal',
    mintUrl: 'http://mint.test',
    amount: 21,
    request: 'lnbc-q',
    kind: 'direct',
    state: 'PAID',
    createdAt: 1,
    expiry: null,
    lockedOutputs: journal,
  };
}

describe('a pending locked-sale journal', () => {
  it('is sealed when the PIN is set and opened again when it is removed', async () => {
    const s = testStorage();
    const journal = plainJournal(21);
    await s.mintQuotes.put(quoteWith(journal));

    await s.lock.setPin(PIN);
    const sealed = (await s.mintQuotes.get('q-journal'))!.lockedOutputs!;
    const text = JSON.stringify(await s.db.mintQuotes.toArray());
    for (const [i, output] of sealed.outputs.entries()) {
      expect(Object.keys(output).sort()).toEqual(['blindedMessage', 'key', 'sealed']);
      expect(output.blindedMessage).toEqual(journal.outputs[i]!.blindedMessage);
      const plain = journal.outputs[i] as { secret: string; blindingFactor: string };
      expect(text).not.toContain(plain.secret);
      expect(text).not.toContain(plain.blindingFactor);
    }

    expect(await s.lock.removePin(PIN)).toEqual({ ok: true });
    expect((await s.mintQuotes.get('q-journal'))!.lockedOutputs).toEqual(journal);
  });
});
