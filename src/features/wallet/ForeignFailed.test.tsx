// @vitest-environment happy-dom
// The Wallet card for ecash of other mints not settled, over real Dexie storage: a refused row is
// shown as the customer's token and closed on "Handed back" (balance unchanged); an unarrived row
// is tried again, and what it says comes back on screen.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDecodedToken } from '@cashu/cashu-ts';
import { WalletEvents } from '../../core/events';
import { ValidationError } from '../../core/errors';
import type { PendingForeignEcash } from '../../core/wallet/ecash/foreign/ports';
import { FailedForeignEcashes } from '../../core/wallet/ecash/foreign/foreign-failed';
import {
  meltRefusedMessage,
  NEVER_ARRIVED_MESSAGE,
} from '../../core/wallet/ecash/foreign/foreign-texts';
import { testStorage } from '../../testing/storage/db';
import {
  FOREIGN_KEYSET,
  FOREIGN_MINT,
  foreignEcashRow,
} from '../../testing/wallet/foreign-ecash-row';
import { ForeignFailed } from './ForeignFailed';
import { englishTexts } from '../../testing/ui/english-texts';
import * as W from './locales/wallet/en.json';

const { HAND_BACK, HANDED_BACK, HANDED_BACK_DONE, RETRY_LANDED, TRY_AGAIN, FOREIGN_FAILED_TITLE } =
  englishTexts(W);

afterEach(cleanup);

const OTHER = FOREIGN_MINT;
const KEYSET = FOREIGN_KEYSET;

function row(id: string, failure: NonNullable<PendingForeignEcash['failure']>) {
  return foreignEcashRow(id, { inputs: { s: 21 }, quote: 20, sale: 20 }, failure);
}

async function setup(rows: PendingForeignEcash[], retry = vi.fn()) {
  const storage = testStorage();
  for (const r of rows) await storage.foreignEcash.begin(r);
  const service = new FailedForeignEcashes({ store: storage.foreignEcash, retry });
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const guard = vi.fn((action: () => void) => action());
  render(
    <ForeignFailed service={service} events={new WalletEvents()} logger={logger} guard={guard} />,
  );
  return { storage, retry, guard };
}

describe('ForeignFailed', () => {
  it('shows nothing when no ecash of another mint failed', async () => {
    await setup([]);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(FOREIGN_FAILED_TITLE)).toBeNull();
  });

  it('a refused row shows the customer’s own token behind the PIN; Handed back closes it', async () => {
    const reason = meltRefusedMessage(OTHER, 'the payment failed');
    const { storage, guard } = await setup([row('r', { reason, at: 5, kind: 'refused' })]);
    const card = await screen.findByTestId('foreign-failed');
    expect(within(card).getByText(FOREIGN_FAILED_TITLE)).toBeTruthy();
    expect(within(card).getByText('21 sats')).toBeTruthy();
    expect(within(card).getByText(`from ${OTHER}`)).toBeTruthy();
    expect(within(card).getByText(reason)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: TRY_AGAIN })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: HAND_BACK }));
    expect(guard).toHaveBeenCalledTimes(1);
    const dialog = await screen.findByTestId('hand-back');
    // The Copy button copies exactly the token the QR shows: the row's proofs at the other mint.
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copy Token' }));
    const token = writeText.mock.calls[0]![0];
    const decoded = getDecodedToken(token, [KEYSET]);
    expect(decoded.mint).toBe(OTHER);
    expect(decoded.proofs.map((p) => p.secret)).toEqual(['r-s']);

    await user.click(within(dialog).getByRole('button', { name: HANDED_BACK }));
    expect(await screen.findByText(HANDED_BACK_DONE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('foreign-failed')).toBeNull());
    expect(await storage.foreignEcash.list()).toEqual([]);
    expect(await storage.proofs.balance()).toBe(0);
    expect((await storage.history.page(1, 10)).events).toEqual([]);
  });

  it('an unarrived row is tried again: what the mint says is shown, and a landed sale clears it', async () => {
    const retry = vi.fn().mockRejectedValueOnce(new ValidationError(NEVER_ARRIVED_MESSAGE));
    const { storage } = await setup(
      [row('u', { reason: NEVER_ARRIVED_MESSAGE, at: 6, kind: 'unarrived' })],
      retry,
    );
    const card = await screen.findByTestId('foreign-failed');
    expect(within(card).queryByRole('button', { name: HAND_BACK })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: TRY_AGAIN }));
    await waitFor(() =>
      expect(screen.getByTestId('foreign-failed-outcome').textContent).toBe(NEVER_ARRIVED_MESSAGE),
    );
    expect(retry).toHaveBeenCalledWith('u');

    // The retry settled the row (the real one drops it with the sale): the card goes.
    retry.mockImplementationOnce(async (id: string) => {
      await storage.foreignEcash.remove(id);
      return { status: 'received' };
    });
    await user.click(await screen.findByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByText(RETRY_LANDED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('foreign-failed')).toBeNull());
  });
});
