// The app-level restore wiring: the toast a finished scan raises, and resuming a stored scan only
// on an onboarded device.
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { RestoreOutcome } from '../../core/wallet/restore/types';
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Messages } from '../../core/i18n/messages';
import { englishText, textsOf } from '../../ui/i18n';
import { RESTORE_NOTHING_FOUND } from '../locales/restore-toasts/en.json';
import * as SPANISH from '../locales/restore-toasts/es.json';
import {
  announceRestore,
  restoreCancelledText,
  restoreFoundText,
  startRestore,
} from './restore-start';

function toaster() {
  return { success: vi.fn(), info: vi.fn(), error: vi.fn() };
}

const outcome = (over: Partial<RestoreOutcome>): RestoreOutcome => ({
  mints: [],
  totalSats: 0,
  cancelled: false,
  ...over,
});

/** The toasts raised for a finished scan of `mints`, `totalSats` found in sats. */
function announcedAfter(totalSats: number, mints: RestoreOutcome['mints']) {
  const toast = toaster();
  announceRestore(outcome({ totalSats, mints }), toast);
  return toast;
}

describe('announceRestore', () => {
  it('says how much was found, and names each mint that could not be scanned', () => {
    const toast = announcedAfter(1234, [
      { mintUrl: 'https://a.example', foundSats: 1234 },
      { mintUrl: 'https://b.example', foundSats: 0, error: 'Could not reach this mint (x).' },
    ]);
    expect(toast.success).toHaveBeenCalledWith(
      'Recovery finished: 1,234 sats found and added to your balance.',
    );
    expect(restoreFoundText(1234)).toBe(
      'Recovery finished: 1,234 sats found and added to your balance.',
    );
    expect(toast.error).toHaveBeenCalledWith('https://b.example: Could not reach this mint (x).');
  });

  it('says each unit found in its own amount, never dollars as sats', () => {
    const toast = announcedAfter(0, [
      { mintUrl: 'https://a.example', foundSats: 0, foundInUnits: { usd: 352 } },
      { mintUrl: 'https://b.example', foundSats: 0, foundInUnits: { usd: 100, eur: 5 } },
    ]);
    expect(toast.success.mock.calls).toEqual([
      ['Recovery finished: 4.52 USD found and added to your balance.'],
      ['Recovery finished: 0.05 EUR found and added to your balance.'],
    ]);
    expect(toast.info).not.toHaveBeenCalled();
  });

  it('says nothing was found, or that it was cancelled', () => {
    const toast = toaster();
    announceRestore(outcome({}), toast);
    announceRestore(outcome({ cancelled: true, totalSats: 5 }), toast);
    expect(toast.info.mock.calls).toEqual([
      [englishText(RESTORE_NOTHING_FOUND)],
      ['Recovery cancelled: 5 sats found before it stopped.'],
    ]);
    expect(restoreCancelledText(1)).toBe('Recovery cancelled: 1 sat found before it stopped.');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('speaks the language shown when the scan ends', () => {
    const toast = toaster();
    const language = {
      formats: intlFormats('es'),
      messages: (SPANISH as unknown as { messages: Messages }).messages,
    };
    const spanish = () => ({ t: textsOf(language), formats: language.formats });
    announceRestore(outcome({ totalSats: 21_000 }), toast, spanish);
    announceRestore(outcome({}), toast, spanish);
    expect(toast.success).toHaveBeenCalledWith(
      'Recuperación terminada: 21.000 sats encontrados y añadidos a tu saldo.',
    );
    expect(toast.info).toHaveBeenCalledWith(
      'Recuperación terminada: no se encontró ecash que recuperar.',
    );
  });
});

describe('startRestore', () => {
  it('resumes a stored scan on an onboarded device and announces its end', async () => {
    let finished: ((o: RestoreOutcome) => void) | undefined;
    const restore = {
      onFinished: (listener: (o: RestoreOutcome) => void) => {
        finished = listener;
        return () => {};
      },
      resume: vi.fn(async () => {
        finished?.(outcome({ totalSats: 7 }));
        return undefined;
      }),
    };
    const toast = toaster();
    await startRestore({
      restore,
      config: { isOnboarded: async () => true },
      toast,
      logger: silentLogger,
    });
    expect(restore.resume).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith(restoreFoundText(7));
  });

  it('does not resume on a device that is not onboarded', async () => {
    const restore = { onFinished: () => () => {}, resume: vi.fn(async () => undefined) };
    await startRestore({
      restore,
      config: { isOnboarded: async () => false },
      toast: toaster(),
      logger: silentLogger,
    });
    expect(restore.resume).not.toHaveBeenCalled();
  });
});
