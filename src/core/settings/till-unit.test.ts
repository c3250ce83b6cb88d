import { describe, expect, it, vi } from 'vitest';
import { readMintUnits, unitsOffered } from './till-unit';

describe('the units a mint offers', () => {
  it('lists sat first, then the fiat units of its active keysets, each once', () => {
    expect(
      unitsOffered([
        { unit: 'usd', active: true },
        { unit: 'sat', active: true },
        { unit: 'usd', active: false },
        { unit: 'eur', active: false },
        { unit: 'msat', active: true },
        { unit: 'auth', active: true },
        { unit: 'EUR', active: true },
      ]),
    ).toEqual(['sat', 'usd', 'eur']);
  });

  it("reads the mint's keysets and refuses an answer that is not a mint's", async () => {
    const answer = (body: unknown, status = 200) =>
      vi.fn(async () => new Response(JSON.stringify(body), { status }));
    const keysets = answer({
      keysets: [
        { id: 'a', unit: 'sat', active: true },
        { id: 'b', unit: 'usd', active: true },
      ],
    });
    expect(await readMintUnits('https://mint.example/', keysets)).toEqual(['sat', 'usd']);
    expect(keysets).toHaveBeenCalledWith('https://mint.example/v1/keysets');
    await expect(readMintUnits('https://mint.example', answer({}, 500))).rejects.toThrow(
      'the mint answered HTTP 500',
    );
    await expect(readMintUnits('https://mint.example', answer({ nope: 1 }))).rejects.toThrow(
      'does not answer as a Cashu mint',
    );
  });
});
