// The request shown while the mint is out of reach: it names the shop's key as a NUT-10 P2PK lock
// (what the customer's wallet learns it from), the amount in sats, the one mint, and no transport.
import { describe, expect, it } from 'vitest';
import { PaymentRequest } from '@cashu/cashu-ts';
import { offlineSaleRequest } from './offline-request';

const KEY = '02' + 'ab'.repeat(32);

describe('offlineSaleRequest', () => {
  it('asks for sats at the shop mint locked to the shop key, handed over in band', () => {
    const encoded = offlineSaleRequest({
      amount: 21,
      mintUrl: 'https://mint.example',
      shopName: 'Cafe',
      lockPubkey: KEY,
      id: 'abc',
    }).toEncodedCreqA();
    const read = PaymentRequest.fromEncodedRequest(encoded);
    expect(read.nut10).toMatchObject({ kind: 'P2PK', data: KEY });
    expect(read.amount?.toNumber()).toBe(21);
    expect(read.unit).toBe('sat');
    expect(read.mints).toEqual(['https://mint.example']);
    expect(read.transport ?? []).toEqual([]);
  });
});
