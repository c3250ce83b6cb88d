// The reason under the keypad when an invoice could not be created: offline comes first.
import { NetworkError } from '@cashu/cashu-ts';
import { describe, expect, it } from 'vitest';
import { toMintError } from '../../core/wallet/mint-errors';
import { englishText } from '../../ui/i18n';
import {
  DEVICE_OFFLINE_REASON,
  MINT_NO_ANSWER_REASON,
  MINT_UNREACHABLE_REASON,
} from './locales/invoice-failure/en.json';
import { failureReason } from './invoice-failure';

describe('failureReason', () => {
  it.each([
    ['Failed to fetch', false, DEVICE_OFFLINE_REASON],
    ['Failed to fetch', true, MINT_UNREACHABLE_REASON],
    ['Request timed out', true, MINT_NO_ANSWER_REASON],
  ])('"%s" with online=%s says %s', (message, online, reason) => {
    const error = toMintError(new NetworkError(message));
    expect(failureReason(error, englishText, online)).toBe(englishText(reason));
  });
});
