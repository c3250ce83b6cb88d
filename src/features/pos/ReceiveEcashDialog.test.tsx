// @vitest-environment happy-dom
// The "Receive ecash" dialog: what it hands the receipt core, and what it says for each outcome
// (the core itself is tested against the real dev mint in core/wallet/ecash/ecash-receiver.test.ts).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ForeignEcashArrivingError,
  MintUnreachableError,
  ValidationError,
} from '../../core/errors';
import {
  ECASH_SPENT_MESSAGE,
  shortMessage,
  type EcashLanded,
  type EcashReceived,
} from '../../core/wallet/ecash/ecash-receiver';
import type { TokenOutcome } from '../../core/wallet/ecash/foreign/ecash-router';
import { NOT_ARRIVED_MESSAGE } from '../../core/wallet/ecash/foreign/foreign-texts.json';
import { ReceiveEcashDialog } from './ReceiveEcashDialog';
import { englishText } from '../../ui/i18n';
import { englishTexts } from '../../testing/ui/english-texts';
import * as receiveTexts from './locales/receive/en.json';
import { readTokenText } from './receive-ecash';

const { ALREADY_TAKEN_TEXT, EMPTY_TOKEN_TEXT, NOT_A_TOKEN_TEXT, TAKE_ECASH_TEXT, TOKEN_LABEL } =
  englishTexts(receiveTexts);

afterEach(cleanup);

const TOKEN = 'cashuBo2FteBhodHRwOi8vMTI3LjAuMC4xOjMzMzhhdWNzYXRhdIGiYWlIAJofKTJT5B5hcIGkYWEC';
const RECEIVED: EcashReceived = {
  status: 'received',
  id: 'token:x',
  amount: 25,
  tipSats: 4,
  fee: 0,
  balance: 25,
};

function dialog(receive: (token: string, amount: number) => Promise<TokenOutcome>) {
  const onReceived = vi.fn();
  const spy = vi.fn(receive);
  render(
    <ReceiveEcashDialog
      amount={21}
      receive={spy}
      onReceived={onReceived}
      onClose={() => {}}
      onScanError={() => {}}
    />,
  );
  return { receive: spy, onReceived };
}

async function paste(text: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(TOKEN_LABEL));
  if (text) await user.paste(text);
  await user.click(screen.getByRole('button', { name: TAKE_ECASH_TEXT }));
}

describe('readTokenText', () => {
  it.each([
    [`  ${TOKEN}\n`, TOKEN],
    [`cashu:${TOKEN}`, TOKEN],
    ['cashuAeyJ0b2tlbiI6W119', 'cashuAeyJ0b2tlbiI6W119'],
  ])('finds the token in %j', (raw, token) => {
    expect(readTokenText(raw, englishText)).toEqual({ token });
  });

  it.each([
    ['', EMPTY_TOKEN_TEXT],
    ['lnbc10n1p0xyz', NOT_A_TOKEN_TEXT],
    ['cashuC123', NOT_A_TOKEN_TEXT],
    ['creqAo2FpZjEyMw', NOT_A_TOKEN_TEXT],
    ['cashuB<script>', NOT_A_TOKEN_TEXT],
  ])('refuses %j', (raw, error) => {
    expect(readTokenText(raw, englishText)).toEqual({ error });
  });
});

describe('ReceiveEcashDialog', () => {
  it('titles the typed amount and hands the pasted token to the core for it', async () => {
    const { receive, onReceived } = dialog(async () => RECEIVED);
    expect(screen.getByRole('dialog', { name: 'Receive 21 sats in ecash' })).toBeTruthy();
    await paste(` ${TOKEN} `);
    await waitFor(() => expect(onReceived).toHaveBeenCalledWith(RECEIVED));
    expect(receive).toHaveBeenCalledWith(TOKEN, 21);
  });

  it.each([
    ['nothing pasted', '', EMPTY_TOKEN_TEXT],
    ['not a token', 'hello', NOT_A_TOKEN_TEXT],
  ])('%s: says so and asks the core nothing', async (_name, text, message) => {
    const { receive, onReceived } = dialog(async () => RECEIVED);
    await paste(text);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(receive).not.toHaveBeenCalled();
    expect(onReceived).not.toHaveBeenCalled();
  });

  it.each([
    ['spent', new ValidationError(ECASH_SPENT_MESSAGE), ECASH_SPENT_MESSAGE],
    ['short', new ValidationError(shortMessage(20, 1, 21)), shortMessage(20, 1, 21)],
    [
      'another mint',
      new ValidationError('Ecash from https://other.example is not accepted here'),
      'Ecash from https://other.example is not accepted here',
    ],
  ])('a refusal (%s) is shown and the dialog stays open', async (_name, error, message) => {
    const { onReceived } = dialog(async () => {
      throw error;
    });
    await paste(TOKEN);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(onReceived).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: TAKE_ECASH_TEXT })).toHaveProperty('disabled', false);
  });

  it('a mint that cannot be reached is said in plain words', async () => {
    dialog(async () => {
      throw new MintUnreachableError('fetch failed');
    });
    await paste(TOKEN);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('a token taken before is said so, not counted again', async () => {
    const { onReceived } = dialog(async () => ({ status: 'duplicate', id: 'token:x' }));
    await paste(TOKEN);
    expect(await screen.findByText(ALREADY_TAKEN_TEXT)).toBeTruthy();
    expect(onReceived).not.toHaveBeenCalled();
  });

  it('has no Scan button where the browser has no camera API', () => {
    dialog(async () => RECEIVED);
    expect(screen.queryByRole('button', { name: 'Scan' })).toBeNull();
  });

  describe('another mint’s token', () => {
    const offer = (accept: () => Promise<EcashReceived>): TokenOutcome => ({
      status: 'offer',
      id: 'token:y',
      foreignMint: 'https://other.example',
      arrive: 97,
      fee: 3,
      accept,
    });

    it('shows what arrives after the fees first, and is taken only when confirmed', async () => {
      const accept = vi.fn(async () => ({ ...RECEIVED, amount: 97 }));
      const { receive, onReceived } = dialog(async () => offer(accept));
      await paste(TOKEN);
      expect(await screen.findByText('97 sats arrive after 3 sats in fees')).toBeTruthy();
      expect(accept).not.toHaveBeenCalled();
      expect(onReceived).not.toHaveBeenCalled();

      await userEvent.setup().click(screen.getByRole('button', { name: TAKE_ECASH_TEXT }));
      await waitFor(() =>
        expect(onReceived).toHaveBeenCalledWith(expect.objectContaining({ amount: 97 })),
      );
      expect(accept).toHaveBeenCalledTimes(1);
      expect(receive).toHaveBeenCalledTimes(1);
    });

    it('kept for later when the payment has not arrived: says so, counts nothing', async () => {
      const { onReceived } = dialog(async () =>
        offer(async () => {
          throw new MintUnreachableError(NOT_ARRIVED_MESSAGE);
        }),
      );
      await paste(TOKEN);
      await screen.findByText('97 sats arrive after 3 sats in fees');
      await userEvent.setup().click(screen.getByRole('button', { name: TAKE_ECASH_TEXT }));
      expect(await screen.findByText(NOT_ARRIVED_MESSAGE)).toBeTruthy();
      expect(onReceived).not.toHaveBeenCalled();
    });

    it('on its way: says what arrives, never "already taken" on a retry, and ends when it lands', async () => {
      const arriving = () => new ForeignEcashArrivingError(NOT_ARRIVED_MESSAGE, 'token:y', 97);
      const listeners: Array<(landed: EcashLanded) => void> = [];
      const onArrived = vi.fn();
      const onReceived = vi.fn();
      // Pasted again, the core looks at the journaled row: still on its way.
      let calls = 0;
      const receive = vi.fn(async (): Promise<TokenOutcome> => {
        calls += 1;
        if (calls === 1) return offer(async () => Promise.reject(arriving()));
        throw arriving();
      });
      render(
        <ReceiveEcashDialog
          amount={21}
          receive={receive}
          onReceived={onReceived}
          onLanded={(listener) => {
            listeners.push(listener);
            return () => listeners.splice(listeners.indexOf(listener), 1);
          }}
          onArrived={onArrived}
          onClose={() => {}}
          onScanError={() => {}}
        />,
      );
      await paste(TOKEN);
      await screen.findByText('97 sats arrive after 3 sats in fees');
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: TAKE_ECASH_TEXT }));
      const text =
        '97 sats are on their way from the other mint. The sale lands here once they arrive; the ecash is kept meanwhile.';
      expect((await screen.findByTestId('ecash-arriving')).textContent).toBe(text);
      expect(screen.queryByText(ALREADY_TAKEN_TEXT)).toBeNull();

      await user.click(screen.getByRole('button', { name: TAKE_ECASH_TEXT }));
      await waitFor(() => expect(receive).toHaveBeenCalledTimes(2));
      expect((await screen.findByTestId('ecash-arriving')).textContent).toBe(text);
      expect(screen.queryByText(ALREADY_TAKEN_TEXT)).toBeNull();

      const landed: EcashLanded = { ...RECEIVED, id: 'token:y', amount: 97 };
      listeners.forEach((listener) => listener({ ...landed, id: 'token:other' }));
      expect(onArrived).not.toHaveBeenCalled();
      listeners.forEach((listener) => listener(landed));
      expect(onArrived).toHaveBeenCalledWith(landed);
      expect(onReceived).not.toHaveBeenCalled();
    });
  });
});
