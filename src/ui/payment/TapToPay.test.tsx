// @vitest-environment happy-dom
// Tap to pay in the invoice modal: shown only where the browser has Web NFC; a card's record is
// handed with the invoice and its amount to the card service, and each answer is said.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { InvoiceModal } from './InvoiceModal';
import type { CardTaps, TapOutcome } from '../domain-views';

const INVOICE = 'lnbc210n1pjexampleinvoicexyz0123456789qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const CARD = 'lnurlw://card.example.com/ln?p=A1&c=B2';

type Reading = (event: { message: { records: unknown[] } }) => void;
let readers: Array<{ reading?: Reading; signal?: AbortSignal }> = [];

/** A stand-in for Web NFC's NDEFReader: the test plays what a card would send. */
class StandInReader {
  private readonly entry: { reading?: Reading; signal?: AbortSignal } = {};
  constructor() {
    readers.push(this.entry);
  }
  addEventListener(type: string, listener: Reading) {
    if (type === 'reading') this.entry.reading = listener;
  }
  async scan(options?: { signal?: AbortSignal }) {
    this.entry.signal = options?.signal;
  }
}

function tapCard(text: string) {
  const record = { recordType: 'url', data: new DataView(new TextEncoder().encode(text).buffer) };
  const reader = readers.at(-1)!;
  act(() => reader.reading!({ message: { records: [record] } }));
}

function open(taps: CardTaps) {
  render(<InvoiceModal invoice={INVOICE} amount={21} onClose={vi.fn()} cardTaps={taps} />);
}

afterEach(() => {
  cleanup();
  readers = [];
  vi.unstubAllGlobals();
});

describe('Tap to pay', () => {
  it('is not offered where the browser has no Web NFC', () => {
    open({ payFromCard: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Tap to pay' })).toBeNull();
  });

  it('hands the card with the invoice and its amount to the card service and says it was accepted', async () => {
    vi.stubGlobal('NDEFReader', StandInReader);
    const payFromCard = vi.fn(async (): Promise<TapOutcome> => ({ status: 'requested' }));
    open({ payFromCard });
    fireEvent.click(await screen.findByRole('button', { name: 'Tap to pay' }));
    expect(screen.getByText('Hold the card to the back of this device.')).toBeTruthy();
    tapCard(CARD);
    expect(await screen.findByText('Card accepted. Waiting for the payment…')).toBeTruthy();
    expect(payFromCard.mock.calls).toEqual([[CARD, INVOICE, 21]]);
    // Reading stopped with the tap: a second card cannot pay the same invoice by accident.
    expect(readers[0]!.signal?.aborted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Tap to pay' })).toBeNull();
  });

  it('says what the card allows when the amount is outside it, and may be tapped again', async () => {
    vi.stubGlobal('NDEFReader', StandInReader);
    const payFromCard = vi.fn(async (): Promise<TapOutcome> => ({
      status: 'out-of-range',
      minSat: 1,
      maxSat: 20,
    }));
    open({ payFromCard });
    fireEvent.click(await screen.findByRole('button', { name: 'Tap to pay' }));
    tapCard(CARD);
    expect(await screen.findByText('This card pays 1 to 20 sats a tap.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tap to pay' })).toBeTruthy();
  });

  it('says the service’s reason, and that a tag is not a card', async () => {
    vi.stubGlobal('NDEFReader', StandInReader);
    const answers: TapOutcome[] = [
      { status: 'refused', reason: 'Card disabled' },
      { status: 'not-a-card' },
    ];
    open({ payFromCard: async () => answers.shift()! });
    fireEvent.click(await screen.findByRole('button', { name: 'Tap to pay' }));
    tapCard(CARD);
    expect(await screen.findByText('The card says: Card disabled')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tap to pay' }));
    tapCard('cashuBo2F0');
    expect(await screen.findByText('This is not a Bolt Card.')).toBeTruthy();
  });

  it('says a tag with a token goes to Receive ecash and one with a payment request pays nothing', async () => {
    vi.stubGlobal('NDEFReader', StandInReader);
    const answers: TapOutcome[] = [{ status: 'token-tag' }, { status: 'request-tag' }];
    open({ payFromCard: async () => answers.shift()! });
    fireEvent.click(await screen.findByRole('button', { name: 'Tap to pay' }));
    tapCard('cashuBo2F0');
    expect(
      await screen.findByText(
        'This tag holds ecash: close the invoice and take it with Receive ecash.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tap to pay' }));
    tapCard('creqAeyJ0IjpbXX0');
    expect(
      await screen.findByText('This tag asks to be paid; it cannot pay this sale.'),
    ).toBeTruthy();
  });
});
