// The reason under the keypad when an invoice could not be created: offline comes first.
import { NetworkError } from '@cashu/cashu-ts';
import { describe, expect, it } from 'vitest';
import { toMintError } from '../../core/wallet/mint-errors';
import { englishText } from '../../ui/i18n';
import {
  DEVICE_OFFLINE_REASON,
  MINT_NO_ANSWER_REASON,
  MINT_UNREACHABLE_REASON,
} from './locales/keypad/en.json';
import { failureReason } from './use-invoice';

describe('failureReason', () => {
  it('says the device is offline rather than blaming the mint', () => {
    const error = toMintError(new NetworkError('Failed to fetch'));
    expect(failureReason(error, englishText, false)).toBe(englishText(DEVICE_OFFLINE_REASON));
    expect(failureReason(error, englishText, true)).toBe(englishText(MINT_UNREACHABLE_REASON));
  });

  it('a timeout is a mint that did not answer', () => {
    const error = toMintError(new NetworkError('Request timed out'));
    expect(failureReason(error, englishText, true)).toBe(englishText(MINT_NO_ANSWER_REASON));
  });
});
