// @vitest-environment happy-dom
// The "Receive ecash" dialog offline: the request locked to the shop shown only while the device
// is offline, a token taken offline ending the sale, and an offline refusal said under the field.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenOutcome } from '../../core/wallet/ecash/foreign/ecash-router';
import { OfflineRefusedError } from '../../core/wallet/ecash/offline/offline-refusal';
import { englishTexts } from '../../testing/ui/english-texts';
import { ReceiveEcashDialog } from './ReceiveEcashDialog';
import * as receiveTexts from './locales/receive/en.json';

const { TAKE_ECASH_TEXT, TOKEN_LABEL } = englishTexts(receiveTexts);
const TOKEN = 'cashuBo2FteBhodHRwOi8vMTI3LjAuMC4xOjMzMzhhdWNzYXRhdIGiYWlIAJofKTJT5B5hcIGkYWEC';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function dialog(receive: () => Promise<TokenOutcome>) {
  const onTakenOffline = vi.fn();
  const onReceived = vi.fn();
  render(
    <ReceiveEcashDialog
      amount={21}
      receive={receive}
      onReceived={onReceived}
      onTakenOffline={onTakenOffline}
      offlineRequest={async () => 'creqAtest'}
      onClose={() => {}}
      onScanError={() => {}}
    />,
  );
  return { onTakenOffline, onReceived };
}

async function take() {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(TOKEN_LABEL));
  await user.paste(TOKEN);
  await user.click(screen.getByRole('button', { name: TAKE_ECASH_TEXT }));
}

describe('ReceiveEcashDialog offline', () => {
  it('shows the request locked to the shop only while the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    dialog(async () => ({ status: 'offline', id: 'token:a', amount: 21, paid: 21 }));
    const shown = await screen.findByTestId('offline-request');
    expect(shown.querySelector('[data-qr-value]')?.getAttribute('data-qr-value')).toBe('creqAtest');
  });

  it('shows no request while online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    dialog(async () => ({ status: 'offline', id: 'token:a', amount: 21, paid: 21 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('offline-request')).toBeNull();
  });

  it('ends the sale as taken offline, not as received', async () => {
    const { onTakenOffline, onReceived } = dialog(async () => ({
      status: 'offline',
      id: 'token:a',
      amount: 21,
      paid: 21,
    }));
    await take();
    await waitFor(() => expect(onTakenOffline).toHaveBeenCalledTimes(1));
    expect(onReceived).not.toHaveBeenCalled();
  });

  it('says why an offline check refused the token', async () => {
    const refusal = new OfflineRefusedError({ kind: 'bad-dleq' });
    const { onTakenOffline } = dialog(() => Promise.reject(refusal));
    await take();
    expect(await screen.findByText(refusal.message)).toBeTruthy();
    expect(onTakenOffline).not.toHaveBeenCalled();
  });
});
