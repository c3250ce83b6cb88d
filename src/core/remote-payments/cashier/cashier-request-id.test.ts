// A cashier's request id carries the tag of its link's pairing secret: the merchant holding that
// secret recognises it, another secret or an altered id does not, and it keeps the 8-byte form.
import { describe, expect, it } from 'vitest';
import { cashierRequestId, isCashierRequestId } from './cashier-request-id';
import { newPairingSecret } from '../pairing';

describe('cashier request ids', () => {
  const secret = newPairingSecret();

  it('are 8 bytes of hex, as a payment message names them, and new each time', () => {
    const id = cashierRequestId(secret);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(cashierRequestId(secret)).not.toBe(id);
  });

  it('are recognised with the secret that made them, and only with it', () => {
    const id = cashierRequestId(secret);
    expect(isCashierRequestId(id, secret)).toBe(true);
    expect(isCashierRequestId(id, newPairingSecret())).toBe(false);
  });

  it('are not recognised once altered, or in another form', () => {
    // Letters in the nonce, so the upper-case form always differs (a tag alone may be all digits).
    const id = cashierRequestId(secret, () => new Uint8Array(6).fill(0xab));
    const flipped = id.slice(0, 15) + (id[15] === '0' ? '1' : '0');
    expect(isCashierRequestId(flipped, secret)).toBe(false);
    expect(isCashierRequestId(id.toUpperCase(), secret)).toBe(false);
    expect(isCashierRequestId(`${id}00`, secret)).toBe(false);
    expect(isCashierRequestId('', secret)).toBe(false);
  });
});
