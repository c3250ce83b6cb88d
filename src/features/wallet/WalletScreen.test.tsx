// @vitest-environment happy-dom
// Wallet screen: balance, paginated history (0/10/11/large), metadata as text, withdraw flow, errors,
// and the first page read before the mount (used once, read again after an update in between).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WalletEvents } from '../../core/events';
import type { HistoryEvent, HistoryPage } from '../../core/history-ports';
import type { PendingWithdrawal } from '../../core/wallet/withdraw/ports';
import type { WithdrawPreparation, WithdrawResult } from '../../core/wallet/withdraw/withdraw-plan';
import type { CancelTokenResult } from '../../core/wallet/withdraw/withdraw-service';
import type { PinAnswer } from '../../ui/pin/PinPrompt';
import { testStorage } from '../../testing/storage/db';
import { toast } from '../../ui/toast/toast';
import type { WalletServices } from './deps';
import { startFirstWalletRead, WalletScreen } from './WalletScreen';
import type { UnitBalance } from '../../core/wallet/proof-ports';
import type { Unit } from '../../core/units/unit';

afterEach(cleanup);

function event(id: number, overrides: Partial<HistoryEvent> = {}): HistoryEvent {
  return {
    id,
    createdAt: 1_700_000_000_000 + id * 1000,
    type: 'direct-payment',
    amount: id,
    mintUrl: 'http://mint.test',
    ...overrides,
  };
}

interface FakeOptions {
  events?: HistoryEvent[];
  balance?: number | (() => Promise<number>);
  prepare?: WithdrawPreparation;
  create?: WithdrawResult;
  pending?: PendingWithdrawal[];
  page?: (page: number, size?: number) => Promise<HistoryPage>;
  balances?: Record<string, number>;
  /** every unit's balance per mint (none unless given) */
  unitBalances?: UnitBalance[];
  /** sats a new withdrawal may take (5 unless given) and sats in pending tokens (0) */
  available?: number;
  pendingSats?: number;
  /** sats the mint holds pending for someone else (0 unless given) */
  atMint?: number;
  cancel?: CancelTokenResult;
  /** the unit the till charges in (none: the store is left out, sats) */
  tillUnit?: Unit;
}

function fakeServices(options: FakeOptions = {}) {
  const list = options.events ?? [];
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const bus = new WalletEvents();
  const withdraw = {
    prepare: vi.fn(
      async (): Promise<WithdrawPreparation> =>
        options.prepare ?? {
          mintUrl: 'http://mint.test',
          amount: 5,
          proofCount: 2,
          consolidation: null,
        },
    ),
    createToken: vi.fn(
      async (): Promise<WithdrawResult> =>
        options.create ?? {
          token: 'cashuBtoken',
          amount: 5,
          mintUrl: 'http://mint.test',
          id: 'withdrawal-1',
        },
    ),
    listPending: vi.fn(async () => options.pending ?? []),
    availability: vi.fn(async () => ({
      mintUrl: 'http://mint.test',
      available: options.available ?? 5,
      pending: options.pendingSats ?? 0,
      atMint: options.atMint ?? 0,
    })),
    cancelToken: vi.fn(
      async (): Promise<CancelTokenResult> =>
        options.cancel ?? { status: 'cancelled', amount: 21, fee: 0 },
    ),
  };
  const balance =
    typeof options.balance === 'function'
      ? options.balance
      : vi.fn(async () => (options.balance as number | undefined) ?? 0);
  const services: WalletServices = {
    cashOut: {
      prepare: vi.fn(async () => Promise.reject(new Error('not in these tests'))),
      pay: vi.fn(async () => Promise.reject(new Error('not in these tests'))),
      listPending: vi.fn(async () => []),
      spendable: vi.fn(async () => Promise.reject(new Error('not in these tests'))),
    },
    storage: {
      proofs: {
        balance,
        balancesByMint: vi.fn(async () => options.balances ?? {}),
        unitBalances: vi.fn(async () => options.unitBalances ?? []),
      },
      config: { getMintUrl: async () => 'http://mint.test' },
      ...(options.tillUnit ? { tillUnit: { getTillUnit: async () => options.tillUnit! } } : {}),
      history: {
        page:
          options.page ??
          (async (page: number, pageSize = 10) => {
            const newest = [...list].reverse();
            return {
              events: newest.slice((page - 1) * pageSize, page * pageSize),
              total: list.length,
              page,
              pageSize,
            };
          }),
      },
    },
    withdraw,
    events: bus,
    logger,
  };
  return { services, withdraw, logger, bus };
}

function renderScreen(services: WalletServices) {
  const user = userEvent.setup();
  render(<WalletScreen services={services} />);
  return user;
}

/** Withdraw, then confirm the amount step as it opens (everything available). */
async function startWithdraw(user: ReturnType<typeof userEvent.setup>) {
  const button = screen.getByRole('button', { name: 'Withdraw' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  await user.click(button);
  await user.click(await screen.findByRole('button', { name: /^Withdraw [\d,]+ sats$/ }));
}

const many = (n: number) => Array.from({ length: n }, (_, i) => event(i + 1));

/** A mainnet invoice for 2,000 sats (never paid in these tests: prepare is a fake). */
const INVOICE = 'lnbc20u1pjtest';

const PENDING_21: PendingWithdrawal = {
  id: 'w1',
  mintUrl: 'http://mint.test',
  token: 'cashuBpending',
  secrets: ['s'],
  amount: 21,
  createdAt: 1_700_000_000_000,
};

describe('WalletScreen: balance and history', () => {
  it('shows the title, the balance in sats and the Withdraw and Refresh buttons', async () => {
    renderScreen(fakeServices({ balance: 1234 }).services);
    expect(screen.getByRole('heading', { name: 'Wallet' })).toBeTruthy();
    expect(screen.getByText('Current Balance')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('wallet-balance').textContent).toBe('1,234 sats'),
    );
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it("reads 'No events yet.' with no events", async () => {
    renderScreen(fakeServices().services);
    expect(await screen.findByText('No events yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('shows exactly one page for 10 events, with both buttons disabled', async () => {
    renderScreen(fakeServices({ events: many(10) }).services);
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(10));
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(screen.getByText('10 of 10 events')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('pages 11 events newest first: 10 on page 1, the oldest alone on page 2', async () => {
    const user = renderScreen(fakeServices({ events: many(11) }).services);
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(10));
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByText('10 of 11 events')).toBeTruthy();
    expect(screen.getAllByTestId('history-item')[0]!.textContent).toContain('11 sats');
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 2')).toBeTruthy());
    expect(screen.getByText('1 of 11 events')).toBeTruthy();
    expect(screen.getAllByTestId('history-item')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(false);
  });

  it('gives Previous and Next 44 px tap targets (Button size md, h-11)', async () => {
    renderScreen(fakeServices({ events: many(11) }).services);
    for (const name of ['Previous', 'Next']) {
      const button = await screen.findByRole('button', { name });
      expect(button.getAttribute('data-size')).toBe('md');
      expect(button.className.split(' ')).toContain('h-11');
    }
  });

  it('pages a large history straight from the store', async () => {
    const storage = testStorage();
    await storage.db.historyEvents.bulkAdd(
      Array.from({ length: 1234 }, (_, i) => ({
        createdAt: 1_700_000_000_000 + i,
        type: 'remote-payment',
        amount: i + 1,
        mintUrl: 'http://mint.test',
        quoteId: `q${i + 1}`,
      })) as never,
    );
    const { services } = fakeServices();
    services.storage.history = storage.history;
    renderScreen(services);
    await waitFor(() => expect(screen.getByText('Page 1 of 124')).toBeTruthy());
    expect(screen.getByText('10 of 1234 events')).toBeTruthy();
    expect(screen.getAllByTestId('history-item')[0]!.textContent).toContain('Quote: q1234');
    storage.close();
  });

  it('shows type, amount, mint URL, quote id and metadata of each item', async () => {
    renderScreen(
      fakeServices({
        events: [
          event(1, {
            type: 'withdrawal',
            amount: 42,
            metadata: '{"numProofs":3}',
            quoteId: undefined,
          }),
        ],
      }).services,
    );
    const item = await screen.findByTestId('history-item');
    expect(item.textContent).toContain('withdrawal');
    expect(item.textContent).toContain('42 sats');
    expect(item.textContent).toContain('http://mint.test');
    expect(item.textContent).not.toContain('Quote:');
    expect(within(item).getByTestId('history-metadata').textContent).toBe('{\n  "numProofs": 3\n}');
  });

  it('shows metadata that is not JSON raw, and HTML-looking text literally', async () => {
    renderScreen(
      fakeServices({
        events: [
          event(1, { metadata: 'plain words {not json' }),
          event(2, { metadata: '<img src=x onerror="alert(1)"><b>bold</b>' }),
        ],
      }).services,
    );
    const blocks = await screen.findAllByTestId('history-metadata');
    expect(blocks.map((b) => b.textContent)).toEqual([
      '<img src=x onerror="alert(1)"><b>bold</b>',
      'plain words {not json',
    ]);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
  });

  it("reloads on 'wallet:updated' and on Refresh", async () => {
    let sats = 10;
    const { services, bus } = fakeServices({ balance: async () => sats });
    const user = renderScreen(services);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('10 sats'));
    sats = 0;
    act(() => bus.emitUpdated({ reason: 'withdrawal', amount: 10 }));
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('0 sats'));
    sats = 7;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('7 sats'));
  });

  it('Refresh asks the mints first, then shows what is left; a mint it cannot ask is named', async () => {
    let sats = 500;
    const { services } = fakeServices({ balance: async () => sats });
    const shown = vi.spyOn(toast, 'error').mockResolvedValue(undefined);
    const checkAll = vi.fn(async () => {
      // The other device spent everything on the first mint.
      sats = 0;
      return {
        checks: [
          {
            mintUrl: 'http://mint.test',
            checked: 3,
            spentSats: 500,
            spentProofs: 3,
            pendingSats: 0,
          },
        ],
        failures: [{ mintUrl: 'http://other.test', error: 'Network request failed' }],
      };
    });
    const user = renderScreen({ ...services, proofStates: { checkAll } });
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('500 sats'));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('0 sats'));
    expect(checkAll).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith(
      'Could not check your ecash with http://other.test: Network request failed. Nothing was removed.',
      { toastId: 'state-check:http://other.test' },
    );
    shown.mockRestore();
  });

  it('shows sats the mint holds pending apart, only when there are some', async () => {
    const { services } = fakeServices({ balance: 356, available: 100, atMint: 256 });
    renderScreen(services);
    await waitFor(() => expect(screen.getByTestId('wallet-at-mint').textContent).toBe('256 sats'));
    expect(screen.getByText('Pending at the mint')).toBeTruthy();
    expect(screen.getByTestId('wallet-available').textContent).toBe('100 sats');
    cleanup();
    renderScreen(fakeServices({ balance: 100, available: 100 }).services);
    await waitFor(() =>
      expect(screen.getByTestId('wallet-available').textContent).toBe('100 sats'),
    );
    expect(screen.queryByTestId('wallet-at-mint')).toBeNull();
  });

  it('logs a failed load and says so instead of a silent 0', async () => {
    const { services, logger } = fakeServices({
      balance: 50,
      page: async () => Promise.reject(new Error('db blocked')),
    });
    renderScreen(services);
    expect(await screen.findByText('Could not load your wallet data.')).toBeTruthy();
    expect(logger.error).toHaveBeenCalledWith('Failed to load wallet data:', expect.any(Error));
    expect(screen.getByTestId('wallet-balance').textContent).toBe('50 sats');
  });
});

describe('WalletScreen: the first page read before the mount', () => {
  it('shows the balance and history read before it mounted in its first render, reading nothing more', async () => {
    const balance = vi.fn(async () => 1234);
    const { services } = fakeServices({ balance, events: many(11) });
    const first = await startFirstWalletRead(services);
    render(<WalletScreen services={services} first={first} />);
    expect(screen.getByTestId('wallet-balance').textContent).toBe('1,234 sats');
    expect(screen.getAllByTestId('history-item')).toHaveLength(10);
    expect((screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await act(async () => {});
    expect(balance).toHaveBeenCalledTimes(1);
  });

  it('reads again when a wallet update came between the first read and the mount', async () => {
    let sats = 10;
    const { services, bus } = fakeServices({ balance: async () => sats });
    const first = await startFirstWalletRead(services);
    sats = 0;
    bus.emitUpdated({ reason: 'withdrawal', amount: 10 });
    render(<WalletScreen services={services} first={first} />);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('0 sats'));
  });

  it('uses the first read for one mount only: a second mount reads afresh', async () => {
    let sats = 10;
    const { services } = fakeServices({ balance: async () => sats });
    const first = await startFirstWalletRead(services);
    render(<WalletScreen services={services} first={first} />);
    expect(screen.getByTestId('wallet-balance').textContent).toBe('10 sats');
    cleanup();
    sats = 25;
    render(<WalletScreen services={services} first={first} />);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('25 sats'));
  });

  it('reads again on an update after the mount, as without a first read', async () => {
    let sats = 10;
    const { services, bus } = fakeServices({ balance: async () => sats });
    const first = await startFirstWalletRead(services);
    render(<WalletScreen services={services} first={first} />);
    sats = 3;
    act(() => bus.emitUpdated({ reason: 'payment', amount: 3 }));
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('3 sats'));
  });
});

/** 40 sats in 40 proofs: combining them first costs 4 sats and leaves 36 (optional). */
const FORTY_PROOFS_FEE_4 = {
  mintUrl: 'http://mint.test',
  amount: 40,
  proofCount: 40,
  consolidation: { fee: 4, amount: 36, proofCount: 2, recommended: false, required: false },
};

describe('WalletScreen: withdraw', () => {
  it("opens 'Scan to withdraw' with the token when there is no fee to confirm", async () => {
    const { services, withdraw } = fakeServices({ balance: 5 });
    const user = renderScreen(services);
    await startWithdraw(user);
    const dialog = await screen.findByRole('dialog', { name: 'Scan to withdraw' });
    expect(withdraw.createToken).toHaveBeenCalledWith({ consolidate: false, maxFee: 0, amount: 5 });
    expect(within(dialog).getByTestId('withdraw-amount').textContent).toBe('5 sats');
    expect(within(dialog).getByRole('button', { name: 'Copy Token' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the consolidation fee before swapping, and swaps only when confirmed', async () => {
    const { services, withdraw } = fakeServices({
      prepare: FORTY_PROOFS_FEE_4,
      create: { token: 'cashuBx', amount: 36, mintUrl: 'http://mint.test', id: 'withdrawal-x' },
    });
    const user = renderScreen(services);
    await startWithdraw(user);
    const notice = await screen.findByTestId('consolidation-notice');
    expect(within(notice).getByTestId('consolidation-fee').textContent).toBe('4 sats');
    expect(notice.textContent).toContain('36 sats');
    expect(withdraw.createToken).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Combine and withdraw' }));
    await screen.findByRole('dialog', { name: 'Scan to withdraw' });
    expect(withdraw.createToken).toHaveBeenCalledWith({ consolidate: true, maxFee: 4, amount: 5 });
  });

  it('can withdraw without combining, or cancel without building anything', async () => {
    const { services, withdraw } = fakeServices({
      prepare: FORTY_PROOFS_FEE_4,
    });
    const user = renderScreen(services);
    await startWithdraw(user);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(withdraw.createToken).not.toHaveBeenCalled();

    await startWithdraw(user);
    await user.click(await screen.findByRole('button', { name: 'Withdraw without combining' }));
    await screen.findByRole('dialog', { name: 'Scan to withdraw' });
    expect(withdraw.createToken).toHaveBeenCalledWith({ consolidate: false, maxFee: 0, amount: 5 });
  });

  it('shows the notice again with the new fee when the fee changed before the swap', async () => {
    const plan = (fee: number, amount: number): WithdrawPreparation => ({
      mintUrl: 'http://mint.test',
      amount,
      proofCount: amount,
      consolidation: {
        fee,
        amount: amount - fee,
        proofCount: 2,
        recommended: false,
        required: false,
      },
    });
    const { services, withdraw } = fakeServices({ prepare: plan(4, 40) });
    withdraw.prepare.mockResolvedValueOnce(plan(4, 40)).mockResolvedValueOnce(plan(5, 50));
    withdraw.createToken.mockResolvedValueOnce({
      code: 'fee-changed',
      error: 'The withdrawal fee changed. Please review it and try again.',
    });
    const user = renderScreen(services);
    await startWithdraw(user);
    await screen.findByTestId('consolidation-notice');
    await user.click(screen.getByRole('button', { name: 'Combine and withdraw' }));

    await waitFor(() => expect(screen.getByTestId('consolidation-fee').textContent).toBe('5 sats'));
    expect(withdraw.createToken).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Scan to withdraw' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Combine and withdraw' }));
    await screen.findByRole('dialog', { name: 'Scan to withdraw' });
    expect(withdraw.createToken).toHaveBeenLastCalledWith({
      consolidate: true,
      maxFee: 5,
      amount: 5,
    });
  });

  it('logs a withdraw error and opens no modal', async () => {
    const { services, logger } = fakeServices({
      prepare: { code: 'no-proofs', error: 'No unspent proofs available' },
    });
    const user = renderScreen(services);
    await startWithdraw(user);
    await waitFor(() =>
      expect(logger.error).toHaveBeenCalledWith('Withdraw failed:', 'No unspent proofs available'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists pending withdrawals as waiting to be redeemed, and shows their QR again', async () => {
    const { services } = fakeServices({
      pending: [PENDING_21],
    });
    const user = renderScreen(services);
    const section = await screen.findByTestId('pending-withdrawals');
    expect(section.textContent).toContain('21 sats');
    expect(section.textContent).toContain('Waiting to be redeemed');
    await user.click(within(section).getByRole('button', { name: 'Show QR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan to withdraw' });
    expect(within(dialog).getByTestId('withdraw-amount').textContent).toBe('21 sats');
  });

  it('logs a failed copy and shows nothing', async () => {
    const { services, logger } = fakeServices();
    const user = renderScreen(services);
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });
    await startWithdraw(user);
    const dialog = await screen.findByRole('dialog', { name: 'Scan to withdraw' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy Token' }));
    await waitFor(() =>
      expect(logger.error).toHaveBeenCalledWith('Failed to copy token:', expect.any(Error)),
    );
  });
});

describe('WalletScreen: more than one mint', () => {
  it('lists an old mint holding every sat, so they stay reachable after a mint change', async () => {
    const { services } = fakeServices({
      balance: 21,
      available: 0,
      balances: { 'http://old-mint.test': 21 },
    });
    renderScreen(services);
    expect(await screen.findByText('Balance per mint')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw from http://old-mint.test' })).toBeTruthy();
  });

  it('shows each mint by the name it gives itself, its URL where it gives none', async () => {
    const { services } = fakeServices({
      balance: 26,
      balances: { 'http://old-mint.test': 21, 'http://mint.test': 5 },
    });
    const names: Record<string, string> = { 'http://old-mint.test': 'Corner Mint' };
    services.mintName = vi.fn(async (url: string) =>
      names[url] ? names[url] : Promise.reject(new Error('no answer')),
    );
    renderScreen(services);
    expect(await screen.findByText('Corner Mint')).toBeTruthy();
    expect(screen.queryByText('http://old-mint.test')).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw from Corner Mint' })).toBeTruthy();
    // The current mint did not answer: its URL stays.
    expect(screen.getByText('http://mint.test')).toBeTruthy();
  });

  it('shows dollars beside the sats, one line per unit and mint, never added to them', async () => {
    const usd = (mintUrl: string, minor: number): UnitBalance => ({
      mintUrl,
      amount: { unit: 'usd', minor },
    });
    const { services } = fakeServices({
      balance: 1234,
      balances: { 'http://mint.test': 1234 },
      unitBalances: [
        { mintUrl: 'http://mint.test', amount: { unit: 'sat', minor: 1234 } },
        usd('http://mint.test', 350),
        usd('http://old-mint.test', 5),
      ],
    });
    renderScreen(services);
    const list = await screen.findByRole('list', { name: 'Balances in other units' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['3.50 USDCash out', '0.05 USDhttp://old-mint.testCash out']);
    expect(screen.getByTestId('wallet-balance').textContent).toBe('1,234 sats');
    // Dollars leave by their own buttons, on every mint's line (decisions 0085, 0090).
    expect(within(list).getAllByRole('button', { name: 'Cash out USD' })).toHaveLength(1);
    expect(
      within(list).getAllByRole('button', { name: 'Cash out USD from http://old-mint.test' }),
    ).toHaveLength(1);
  });

  it('withdraws and cashes out the dollars of a mint the merchant switched away from', async () => {
    const { services, withdraw } = fakeServices({
      unitBalances: [{ mintUrl: 'http://old-mint.test', amount: { unit: 'usd', minor: 500 } }],
      create: {
        token: 'cashuBold',
        amount: 200,
        mintUrl: 'http://old-mint.test',
        id: 'withdrawal-old',
        unit: 'usd',
      },
    });
    const unitAvailability = vi.fn(async (_unit: string, mintUrl?: string) => ({
      mintUrl: mintUrl ?? 'http://mint.test',
      available: mintUrl ? 500 : 0,
      pending: 0,
      atMint: 0,
    }));
    services.withdraw = { ...withdraw, unitAvailability };
    const user = renderScreen(services);
    const list = await screen.findByRole('list', { name: 'Balances in other units' });

    await user.click(
      within(list).getByRole('button', { name: 'Withdraw USD from http://old-mint.test' }),
    );
    const amount = await screen.findByLabelText('Amount in USD');
    expect((amount as HTMLInputElement).value).toBe('5.00');
    await user.clear(amount);
    await user.type(amount, '2.00');
    await user.click(screen.getByRole('button', { name: 'Withdraw 2.00 USD' }));
    await waitFor(() =>
      expect(withdraw.createToken).toHaveBeenCalledWith({
        unit: 'usd',
        amount: 200,
        mintUrl: 'http://old-mint.test',
      }),
    );
    expect(unitAvailability).toHaveBeenCalledWith('usd', 'http://old-mint.test');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Scan to withdraw' })).getByRole('button', {
        name: 'Close',
      }),
    );

    await user.click(
      within(list).getByRole('button', { name: 'Cash out USD from http://old-mint.test' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cash out to Lightning' });
    await user.type(within(dialog).getByLabelText(/Invoice, Lightning address/), INVOICE);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(services.cashOut.prepare).toHaveBeenCalledWith(
        INVOICE,
        undefined,
        undefined,
        'usd',
        'http://old-mint.test',
      ),
    );
  });

  it('leads a till charging in USD with its dollars, and lists sats only when it holds some', async () => {
    const dollars = [
      { mintUrl: 'http://mint.test', amount: { unit: 'usd', minor: 500 } },
      { mintUrl: 'http://old-mint.test', amount: { unit: 'usd', minor: 25 } },
    ] satisfies UnitBalance[];
    const { services } = fakeServices({
      tillUnit: 'usd',
      balance: 0,
      available: 0,
      unitBalances: dollars,
    });
    renderScreen(services);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('5.25 USD'));
    expect(screen.queryByTestId('wallet-sat-balance')).toBeNull();
    expect(screen.queryByText(/sats/)).toBeNull();
    // The sats' own Withdraw is gone with them; the dollars keep theirs on their line.
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cash out USD' })).toBeTruthy();
    cleanup();

    const { services: withSats } = fakeServices({
      tillUnit: 'usd',
      balance: 1_234,
      unitBalances: [
        { mintUrl: 'http://mint.test', amount: { unit: 'sat', minor: 1_234 } },
        ...dollars,
      ],
    });
    renderScreen(withSats);
    await waitFor(() =>
      expect(screen.getByTestId('wallet-sat-balance').textContent).toBe('1,234 sats'),
    );
    expect(screen.getByTestId('wallet-balance').textContent).toBe('5.25 USD');
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('lists no per-mint balances while the sats are on one mint', async () => {
    renderScreen(fakeServices({ balance: 5, balances: { 'http://mint.test': 5 } }).services);
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('5 sats'));
    expect(screen.queryByText('Balance per mint')).toBeNull();
  });

  it('lists each mint with its balance and withdraws another mint on its own', async () => {
    const { services, withdraw } = fakeServices({
      balance: 26,
      balances: { 'http://old-mint.test/': 21, 'http://mint.test': 5 },
      prepare: { mintUrl: 'http://old-mint.test/', amount: 21, proofCount: 2, consolidation: null },
      create: {
        token: 'cashuBold',
        amount: 21,
        mintUrl: 'http://old-mint.test/',
        id: 'withdrawal-old',
      },
    });
    const user = renderScreen(services);
    expect(await screen.findByText('Balance per mint')).toBeTruthy();
    const rows = screen.getAllByTestId('mint-balance');
    expect(rows.map((r) => r.getAttribute('data-mint'))).toEqual([
      'http://mint.test',
      'http://old-mint.test/',
    ]);
    expect(within(rows[0]!).getByText('Current mint')).toBeTruthy();
    expect(within(rows[0]!).getByText('5 sats')).toBeTruthy();
    expect(within(rows[1]!).getByText('21 sats')).toBeTruthy();
    // The current mint has no button of its own: the main Withdraw keeps that job.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Withdraw from http://old-mint.test/' }));
    expect(withdraw.prepare).toHaveBeenCalledWith({ mintUrl: 'http://old-mint.test/' });
    await waitFor(() =>
      expect(withdraw.createToken).toHaveBeenCalledWith({
        consolidate: false,
        maxFee: 0,
        mintUrl: 'http://old-mint.test/',
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Scan to withdraw' })).toBeTruthy();
  });

  it('the main Withdraw still takes the current mint without naming it', async () => {
    const { services, withdraw } = fakeServices({
      balance: 26,
      balances: { 'http://old-mint.test': 21, 'http://mint.test': 5 },
    });
    const user = renderScreen(services);
    await screen.findByText('Balance per mint');
    await startWithdraw(user);
    await waitFor(() => expect(withdraw.createToken).toHaveBeenCalled());
    expect(withdraw.prepare).toHaveBeenCalledWith();
    expect(withdraw.createToken).toHaveBeenCalledWith({ consolidate: false, maxFee: 0, amount: 5 });
  });
});

describe('WalletScreen: available, pending and the amount', () => {
  it('shows available and pending apart and disables Withdraw with nothing available', async () => {
    const { services } = fakeServices({ balance: 21, available: 0, pendingSats: 21 });
    renderScreen(services);
    await waitFor(() => expect(screen.getByTestId('wallet-pending').textContent).toBe('21 sats'));
    expect(screen.getByTestId('wallet-available').textContent).toBe('0 sats');
    expect((screen.getByRole('button', { name: 'Withdraw' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('offers everything available by default and withdraws a smaller amount when typed', async () => {
    const { services, withdraw } = fakeServices({
      balance: 64,
      available: 64,
      create: {
        token: 'cashuBpart',
        amount: 21,
        mintUrl: 'http://mint.test',
        id: 'withdrawal-part',
      },
    });
    const user = renderScreen(services);
    const button = screen.getByRole('button', { name: 'Withdraw' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    const input = await screen.findByTestId('withdraw-amount-input');
    expect((input as HTMLInputElement).value).toBe('64');
    await user.clear(input);
    await user.type(input, '21');
    await user.click(screen.getByRole('button', { name: 'Withdraw 21 sats' }));

    const dialog = await screen.findByRole('dialog', { name: 'Scan to withdraw' });
    expect(withdraw.createToken).toHaveBeenCalledWith({ amount: 21 });
    expect(withdraw.prepare).not.toHaveBeenCalled();
    expect(within(dialog).getByTestId('withdraw-amount').textContent).toBe('21 sats');
  });

  it('says inline what is wrong with an amount above what is available and builds nothing', async () => {
    const { services, withdraw } = fakeServices({ balance: 64, available: 64 });
    const user = renderScreen(services);
    const button = screen.getByRole('button', { name: 'Withdraw' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    const input = await screen.findByTestId('withdraw-amount-input');
    await user.clear(input);
    await user.type(input, '65');
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter a whole number of sats from 1 to 64.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(withdraw.createToken).not.toHaveBeenCalled();
  });
});

describe('WalletScreen: cancel a pending token', () => {
  it('asks first, then cancels the token it was pressed on and says the sats are back', async () => {
    const { services, withdraw } = fakeServices({ pending: [PENDING_21] });
    const user = renderScreen(services);
    const section = await screen.findByTestId('pending-withdrawals');
    await user.click(within(section).getByRole('button', { name: 'Cancel token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this token?' });
    expect(dialog.textContent).toContain('21 sats');
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep token' }));
    expect(withdraw.cancelToken).not.toHaveBeenCalled();

    await user.click(within(section).getByRole('button', { name: 'Cancel token' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel this token?' });
    await user.click(within(again).getByRole('button', { name: 'Cancel token' }));
    await waitFor(() => expect(withdraw.cancelToken).toHaveBeenCalledWith('w1'));
    expect((await screen.findByTestId('cancel-token-outcome')).textContent).toBe(
      'Token cancelled: 21 sats are available again.',
    );
    expect(withdraw.cancelToken).toHaveBeenCalledTimes(1);
  });

  it('cancels a pending dollar token in dollars, never speaking of sats', async () => {
    const { services, withdraw } = fakeServices({
      pending: [{ ...PENDING_21, amount: 150, unit: 'usd' }],
      cancel: { status: 'cancelled', amount: 150, fee: 0 },
    });
    const user = renderScreen(services);
    const section = await screen.findByTestId('pending-withdrawals');
    await user.click(within(section).getByRole('button', { name: 'Cancel token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this token?' });
    expect(dialog.textContent).toContain('The 1.50 USD go back to your available balance');
    expect(dialog.textContent).not.toContain('sats');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel token' }));
    await waitFor(() => expect(withdraw.cancelToken).toHaveBeenCalledWith('w1'));
    expect((await screen.findByTestId('cancel-token-outcome')).textContent).toBe(
      'Token cancelled: 1.50 USD are available again.',
    );
  });

  it('cancels from the token modal right after withdrawing', async () => {
    const { services, withdraw } = fakeServices();
    const user = renderScreen(services);
    await startWithdraw(user);
    const modal = await screen.findByRole('dialog', { name: 'Scan to withdraw' });
    await user.click(within(modal).getByRole('button', { name: 'Cancel token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel token' }));
    await waitFor(() => expect(withdraw.cancelToken).toHaveBeenCalledWith('withdrawal-1'));
  });

  it('says so when the token was already redeemed', async () => {
    const { services } = fakeServices({
      pending: [PENDING_21],
      cancel: { status: 'redeemed', amount: 21 },
    });
    const user = renderScreen(services);
    const section = await screen.findByTestId('pending-withdrawals');
    await user.click(within(section).getByRole('button', { name: 'Cancel token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel token' }));
    expect((await screen.findByTestId('cancel-token-outcome')).textContent).toBe(
      'This token was already redeemed.',
    );
  });

  it('asks for the merchant PIN first when one is set', async () => {
    const { services, withdraw } = fakeServices({ pending: [PENDING_21] });
    const answers: PinAnswer[] = [{ ok: true }];
    services.lock = {
      gateOpen: () => false,
      init: async () => {},
      waitMs: async () => 0,
      openGate: async () => answers.shift() ?? { ok: false, waitMs: 0 },
    };
    const user = renderScreen(services);
    const section = await screen.findByTestId('pending-withdrawals');
    await user.click(within(section).getByRole('button', { name: 'Cancel token' }));
    expect(screen.queryByRole('dialog', { name: 'Cancel this token?' })).toBeNull();
    const pin = await screen.findByRole('dialog', { name: 'Enter the merchant PIN' });
    await user.type(within(pin).getByLabelText('PIN'), '1234');
    await user.click(within(pin).getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel token' }));
    await waitFor(() => expect(withdraw.cancelToken).toHaveBeenCalledWith('w1'));
  });
});
