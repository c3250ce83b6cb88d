// @vitest-environment happy-dom
// The Wallet's offline sales: each row says whether it waits for the mint, was redeemed, or was
// refused (with the mint's reason); a redemption shows on the next wallet update; none: no card.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { WalletUpdateListener } from '../../core/events';
import { silentLogger } from '../../core/logger';
import type { OfflineSaleView } from '../../core/wallet/ecash/offline/offline-ecash';
import { englishText } from '../../ui/i18n';
import { OfflineSales } from './OfflineSales';
import { OFFLINE_SALES_REDEEMED, OFFLINE_SALES_WAITING } from './locales/offline-sales/en.json';

afterEach(cleanup);

function sale(id: string, amount: number, status: OfflineSaleView['status']): OfflineSaleView {
  return {
    id,
    mintUrl: 'http://mint.test',
    amount,
    paid: amount,
    takenAt: 0,
    secrets: [id],
    status,
  };
}

function events() {
  const listeners = new Set<WalletUpdateListener>();
  return {
    onUpdated(listener: WalletUpdateListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    update: () => listeners.forEach((listener) => listener({ reason: 'payment', amount: 21 })),
  };
}

describe('OfflineSales', () => {
  it('says where each offline sale stands, and follows a redemption', async () => {
    let rows = [
      sale('a', 21, { state: 'waiting' }),
      sale('b', 500, { state: 'redeemed' }),
      sale('c', 8, { state: 'refused', reason: 'Token already spent' }),
    ];
    const bus = events();
    render(
      <OfflineSales service={{ list: async () => rows }} events={bus} logger={silentLogger} />,
    );
    const card = await screen.findByTestId('offline-sales');
    const items = within(card).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual([
      'waiting',
      'redeemed',
      'refused',
    ]);
    expect(items[0]!.textContent).toContain('21 sats');
    expect(items[0]!.textContent).toContain(englishText(OFFLINE_SALES_WAITING));
    expect(items[1]!.textContent).toContain(englishText(OFFLINE_SALES_REDEEMED));
    expect(items[2]!.textContent).toContain('The mint refused it: Token already spent.');
    expect(items[2]!.textContent).toContain('kept and tried again');

    rows = [sale('a', 21, { state: 'redeemed' }), ...rows.slice(1)];
    bus.update();
    await waitFor(() =>
      expect(within(card).getAllByRole('listitem')[0]!.getAttribute('data-state')).toBe('redeemed'),
    );
  });

  it('shows no card before any sale was taken offline', async () => {
    let asked = false;
    const list = async () => {
      asked = true;
      return [];
    };
    render(<OfflineSales service={{ list }} events={events()} logger={silentLogger} />);
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByTestId('offline-sales')).toBeNull();
  });
});
