// The reason under the keypad when an invoice could not be created: offline comes first.
import { NetworkError } from '@cashu/cashu-ts';
import { describe, expect, it } from 'vitest';
import { toMintError } from '../../core/wallet/mint-errors';
import { DEVICE_OFFLINE_REASON, MINT_NO_ANSWER_REASON } from './texts.json';
import { MINT_UNREACHABLE_REASON } from './texts';
import { failureReason } from './use-invoice';

describe('failureReason', () => {
  it('says the device is offline rather than blaming the mint', () => {
    const error = toMintError(new NetworkError('Failed to fetch'));
    expect(failureReason(error, false)).toBe(DEVICE_OFFLINE_REASON);
    expect(failureReason(error, true)).toBe(MINT_UNREACHABLE_REASON);
  });

  it('a timeout is a mint that did not answer', () => {
    const error = toMintError(new NetworkError('Request timed out'));
    expect(failureReason(error, true)).toBe(MINT_NO_ANSWER_REASON);
  });
});
