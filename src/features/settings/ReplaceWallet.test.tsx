// @vitest-environment happy-dom
// Settings "Replace wallet" on real storage: behind the PIN, what is left behind, refused with a
// balance until the current phrase is checked, then the wallet forgotten.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import { REFUSED_BALANCE, REFUSED_INVOICES } from '../../core/wallet/replace/replace-wallet';
import {
  MINT_A,
  proof,
  putPaidQuote,
  closedAfterEach,
  type TestStorage,
} from '../../testing/storage/db';
import { answerPhraseCheck } from '../../testing/ui/phrase-check';
import { ReplaceWallet, balanceLine } from './ReplaceWallet';
import { englishText } from '../../ui/i18n';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import * as S from './locales/settings/en.json';

const REPLACE_CONFIRM = englishText(S.REPLACE_CONFIRM);
const REPLACE_NOTHING_LEFT = englishText(S.REPLACE_NOTHING_LEFT);
const REPLACE_OPEN = englishText(S.REPLACE_OPEN);

const storages = closedAfterEach();

afterEach(() => {
  cleanup();
});

async function wallet(): Promise<TestStorage> {
  const s = await storages.withPhrase();
  await s.config.setOnboarded(true);
  return s;
}

function show(s: TestStorage, gate?: Parameters<typeof ReplaceWallet>[0]['gate']) {
  const onReplaced = vi.fn();
  render(
    <ReplaceWallet
      store={s.walletReset}
      keys={s.keys}
      phraseCheck={s.phraseCheck}
      gate={gate}
      logger={silentLogger}
      clock={() => s.now.value}
      onReplaced={onReplaced}
    />,
  );
  return onReplaced;
}

describe('ReplaceWallet', () => {
  it('with nothing left behind, forgets the wallet and goes to onboarding', async () => {
    const s = await wallet();
    const onReplaced = show(s);
    fireEvent.click(screen.getByRole('button', { name: REPLACE_OPEN }));
    expect(await screen.findByText(REPLACE_NOTHING_LEFT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: REPLACE_CONFIRM }));
    await waitFor(() => expect(onReplaced).toHaveBeenCalledTimes(1));
    expect(await s.config.isOnboarded()).toBe(false);
    expect(await s.db.keys.count()).toBe(0);
  });

  it('with a balance, refuses until the current phrase is typed back; wrong words change nothing', async () => {
    const s = await wallet();
    await s.proofs.add([proof('a', 8), proof('b', 2)], MINT_A);
    const onReplaced = show(s);
    fireEvent.click(screen.getByRole('button', { name: REPLACE_OPEN }));
    expect(
      await screen.findByText(balanceLine(englishText, ENGLISH_FORMATS, 10, MINT_A)),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(REFUSED_BALANCE);
    expect(screen.queryByRole('button', { name: REPLACE_CONFIRM })).toBeNull();

    await answerPhraseCheck(false);
    expect(await screen.findByText(/do not match your recovery phrase/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: REPLACE_CONFIRM })).toBeNull();

    await answerPhraseCheck(true);
    fireEvent.click(await screen.findByRole('button', { name: REPLACE_CONFIRM }));
    await waitFor(() => expect(onReplaced).toHaveBeenCalledTimes(1));
    expect(await s.proofs.balance()).toBe(0);
    expect(await s.config.isOnboarded()).toBe(false);
  });

  it('refuses an open invoice, with no way around it', async () => {
    const s = await wallet();
    await putPaidQuote(s);
    const onReplaced = show(s);
    fireEvent.click(screen.getByRole('button', { name: REPLACE_OPEN }));
    expect(await screen.findByText('Open invoices: 1')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(REFUSED_INVOICES);
    expect(screen.queryByRole('button', { name: REPLACE_CONFIRM })).toBeNull();
    expect(screen.queryByLabelText(/^Word \d+$/)).toBeNull();
    expect(onReplaced).not.toHaveBeenCalled();
  });

  it('asks for the PIN before showing anything when the gate is closed', async () => {
    const s = await wallet();
    let open = false;
    const gate = {
      init: async () => {},
      gateOpen: () => open,
      waitMs: async () => 0,
      openGate: async (pin: string) => {
        open = pin === '4829';
        return open ? { ok: true as const } : { ok: false as const, waitMs: 1000 };
      },
    };
    show(s, gate);
    fireEvent.click(screen.getByRole('button', { name: REPLACE_OPEN }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.queryByText(REPLACE_NOTHING_LEFT)).toBeNull();
    fireEvent.input(screen.getByLabelText('PIN', { exact: true }), { target: { value: '4829' } });
    fireEvent.submit(dialog.querySelector('form')!);
    expect(await screen.findByText(REPLACE_NOTHING_LEFT)).toBeTruthy();
  });
});
