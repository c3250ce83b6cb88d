// What withdraw, cash-out and automatic cash-out may spend: sats only, never a proof of another unit.
import { describe, expect, it } from 'vitest';
import { centsProof, MINT_A, proof } from '../../testing/storage/db';
import { MemoryDb, memoryPorts } from '../../testing/wallet/memory-ports';
import { AvailableProofs } from './available-proofs';

describe('available proofs', () => {
  it('offers a sat spend the sats alone, with dollars on the same mint', async () => {
    const ports = memoryPorts(new MemoryDb(() => 1));
    await ports.proofs.add([proof('s8', 8), centsProof('u500', 500), proof('s4', 4)], MINT_A);
    const available = new AvailableProofs({ proofs: ports.proofs, withdrawals: ports.withdrawals });

    const listed = await available.list(MINT_A);
    expect(listed.available.map((p) => p.secret).sort()).toEqual(['s4', 's8']);
    expect(await available.sats(MINT_A)).toEqual({ available: 12, pending: 0, atMint: 0 });
  });
});
