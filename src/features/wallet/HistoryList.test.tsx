// @vitest-environment happy-dom
// History rows: plain label, signed amount and time up front; ids, mint, invoice, raw metadata
// only behind Details.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryEvent } from '../../core/history-ports';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HISTORY_EVENT_TYPES, type HistoryEventType } from '../../core/history-kinds';
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Messages } from '../../core/i18n/messages';
import { LanguageContext } from '../../ui/i18n';
import { HistoryList } from './HistoryList';
import * as SPANISH from './locales/wallet/es.json';

afterEach(cleanup);

/** The wallet catalogs as written (the test runs from the repository's root). */
const CATALOGS = join(process.cwd(), 'src/features/wallet/locales/wallet');

function row(id: number, type: HistoryEventType, overrides: Partial<HistoryEvent> = {}) {
  return {
    id,
    type,
    amount: 21,
    createdAt: 1_700_000_000_000 + id,
    mintUrl: 'http://mint.test',
    ...overrides,
  } satisfies HistoryEvent;
}

function renderRows(events: HistoryEvent[]) {
  render(
    <HistoryList
      history={{ events, total: events.length, page: 1, pageSize: 10 }}
      page={1}
      onPage={vi.fn()}
    />,
  );
  return screen.getAllByTestId('history-item');
}

describe('HistoryList rows', () => {
  it('shows a sale charged in dollars in dollars, never as sats', () => {
    const [usd, sats] = renderRows([
      row(1, 'direct-payment', { amount: 350, unit: 'usd' }),
      row(2, 'direct-payment', { amount: 350 }),
    ]);
    expect(within(usd!).getByTestId('history-amount').textContent).toBe('+3.50 USD');
    expect(within(sats!).getByTestId('history-amount').textContent).toBe('+350 sats');
  });

  it('shows dollars withdrawn and cashed out as dollars leaving, never as sats', () => {
    const [token, melt] = renderRows([
      row(1, 'withdrawal', { amount: 100, unit: 'usd' }),
      row(2, 'cash-out', { amount: 200, unit: 'usd' }),
    ]);
    expect(within(token!).getByTestId('history-amount').textContent).toBe('−1.00 USD');
    expect(within(melt!).getByTestId('history-amount').textContent).toBe('−2.00 USD');
  });

  it('labels each type in plain words with a signed amount', () => {
    const items = renderRows([
      row(1, 'direct-payment'),
      row(2, 'remote-payment'),
      row(3, 'withdrawal', { amount: 55 }),
      row(4, 'cash-out', { amount: 1000 }),
      row(5, 'restore', { amount: 0 }),
      row(6, 'cash-payment', { amount: 500 }),
    ]);
    const shown = items.map((item) => [
      item.querySelector('span')!.textContent,
      within(item).getByTestId('history-amount').textContent,
    ]);
    expect(shown).toEqual([
      ['Sale', '+21 sats'],
      ['Remote sale', '+21 sats'],
      ['Withdrawal', '−55 sats'],
      ['Cash out', '−1,000 sats'],
      // A row of 0 sats says what happened rather than "0 sats" (zero-rows.ts).
      ['Restored', 'Nothing found'],
      ['Cash sale', '+500 sats'],
    ]);
    for (const item of items) expect(item.querySelector('time')).not.toBeNull();
  });

  it('names every stored type in every language, never by its stored name', () => {
    for (const language of ['en', 'es', 'pt-BR', 'de', 'fr']) {
      const catalog = JSON.parse(
        readFileSync(join(CATALOGS, `${language}.json`), 'utf8'),
      ) as Record<string, string>;
      for (const type of HISTORY_EVENT_TYPES) {
        expect(catalog.HISTORY_KIND, `${language} ${type}`).toContain(
          ` ${type.replaceAll('-', '_')} {`,
        );
      }
    }
  });

  it('says what happened to sats another device on the phrase spent', () => {
    const [item] = renderRows([
      row(1, 'spent-elsewhere', { amount: 10_264, metadata: JSON.stringify({ numProofs: 9 }) }),
    ]);
    expect(item!.querySelector('span')!.textContent).toBe(
      'Spent elsewhere: another device on this phrase, or a token taken back',
    );
    expect(within(item!).getByTestId('history-amount').textContent).toBe('−10,264 sats');
  });

  it('marks an event another device of the phrase recorded, and names that device in Details', () => {
    const device = 'b2'.repeat(32);
    const [theirs, ours] = renderRows([row(1, 'direct-payment', { device }), row(2, 'withdrawal')]);
    expect(within(theirs!).getByTestId('history-other-device').textContent).toBe('Other device');
    expect(within(theirs!).getByTestId('history-technical').textContent).toContain(device);
    expect(within(ours!).queryByTestId('history-other-device')).toBeNull();
  });

  it('shows a cash-out description and change the reserve cannot explain, as plain text', () => {
    const [paid, odd] = renderRows([
      row(1, 'cash-out', { metadata: JSON.stringify({ description: '<b>Rent</b> March' }) }),
      row(2, 'cash-out', { metadata: JSON.stringify({ extraChange: 5, feeBeyondReserve: 3 }) }),
    ]);
    expect(within(paid!).getByTestId('history-description').textContent).toBe('<b>Rent</b> March');
    expect(within(paid!).queryByTestId('history-warning')).toBeNull();
    expect(
      within(odd!)
        .getAllByTestId('history-warning')
        .map((n) => n.textContent),
    ).toEqual([
      'The mint returned 5 sats more change than expected.',
      'The mint kept 3 sats more than the fee reserve.',
    ]);
  });

  it('says when a remote sale was priced at the merchant’s price, not its cashier’s', () => {
    const fiat = { currency: 'USD', price: 100_000, value: 0.21 };
    const [near, far] = renderRows([
      row(1, 'remote-payment', { fiat }),
      row(2, 'remote-payment', { fiat: { ...fiat, cashierPrice: 125_000 } }),
    ]);
    expect(within(near!).queryByTestId('history-warning')).toBeNull();
    expect(within(far!).getByTestId('history-warning').textContent).toBe(
      "Priced at 1 BTC = 100,000 USD: the cashier's 125,000 USD was over 10 % away.",
    );
    expect(within(far!).getByTestId('history-fiat').textContent).toBe('0.21 USD');
  });

  it('says when a remote sale was priced near a price the till held and had not accepted', () => {
    const fiat = { currency: 'USD', price: 148_000, value: 0.31, heldPrice: 150_000 };
    const [held] = renderRows([row(1, 'remote-payment', { fiat })]);
    expect(within(held!).getByTestId('history-warning').textContent).toBe(
      'Priced at 1 BTC = 148,000 USD, near 150,000 USD: a price this till held and had not accepted.',
    );
    expect(within(held!).getByTestId('history-fiat').textContent).toBe('0.31 USD');
  });

  it('shows a sale’s receipt number in its Details, and none for a sale without one', () => {
    const [numbered, older] = renderRows([
      row(1, 'direct-payment', { receiptNumber: 'K7Q2XM-000042' }),
      row(2, 'direct-payment'),
    ]);
    expect(within(numbered!).getByTestId('history-receipt-number').textContent).toBe(
      'Receipt no. K7Q2XM-000042',
    );
    expect(within(older!).queryByTestId('history-receipt-number')).toBeNull();
  });

  it('keeps quote id, mint, invoice and raw metadata behind Details until it is pressed', async () => {
    const user = userEvent.setup();
    const [item] = renderRows([
      row(1, 'direct-payment', { quoteId: 'q-42', metadata: '{"request":"lnbc210n1xyz"}' }),
    ]);
    const details = within(item!).getByTestId('history-details');
    const toggle = within(item!).getByRole('button', { name: 'Details' });
    expect(details.hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);

    expect(details.hidden).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(details.textContent).toContain('Quote: q-42');
    expect(details.textContent).toContain('Mint: http://mint.test');
    expect(details.textContent).toContain('Invoice: lnbc210n1xyz');
    expect(details.textContent).toContain('Type: direct-payment');
    // The invoice shows once in plain view; the ids and the raw record wait in a fold.
    const technical = within(details).getByTestId('history-technical') as HTMLDetailsElement;
    const plain = Array.from(details.children).filter((node) => node !== technical);
    expect(plain.filter((node) => node.textContent?.includes('lnbc210n1xyz'))).toHaveLength(1);
    expect(technical.open).toBe(false);
    expect(within(technical).getByText('Technical details')).toBeTruthy();
    expect(within(technical).getByTestId('history-metadata').textContent).toBe(
      '{\n  "request": "lnbc210n1xyz"\n}',
    );
    await user.click(toggle);
    expect(details.hidden).toBe(true);
  });

  it('names the folded technical details in Spanish when Spanish is chosen', () => {
    const spanish = {
      formats: intlFormats('es'),
      messages: (SPANISH as unknown as { messages: Messages }).messages,
    };
    const event = row(1, 'direct-payment', { quoteId: 'q-42', device: 'abc' });
    render(
      <LanguageContext.Provider value={spanish}>
        <HistoryList
          history={{ events: [event], total: 1, page: 1, pageSize: 10 }}
          page={1}
          onPage={vi.fn()}
        />
      </LanguageContext.Provider>,
    );
    const technical = screen.getByTestId('history-technical');
    expect(technical.textContent).toContain('Tipo: direct-payment');
    expect(technical.textContent).toContain('Dispositivo: abc');
    expect(technical.textContent).toContain('Cotización: q-42');
    expect(technical.textContent).not.toMatch(/Type:|Device:|Quote:/);
  });

  it('shows the stored type for a type it does not know, and no invoice line without one', () => {
    const [item] = renderRows([row(1, 'future-kind' as HistoryEventType, { metadata: 'raw' })]);
    expect(item!.querySelector('span')!.textContent).toBe('future-kind');
    expect(item!.textContent).not.toContain('Invoice:');
  });
});
