// @vitest-environment happy-dom
// The recovery phrase reminder: shown for an unchecked phrase, put off for a day, gone once checked.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { REMINDER_PAUSE_MS } from '../../core/keys/phrase-check';
import { silentLogger } from '../../core/logger';
import { testStorage, type TestStorage } from '../../testing/storage/db';
import { englishText } from '../../ui/i18n';
import { PHRASE_REMINDER_TEXT as REMINDER } from './locales/wallet/en.json';
import { PhraseReminder } from './PhraseReminder';

const PHRASE_REMINDER_TEXT = englishText(REMINDER);

const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
const opened: TestStorage[] = [];
afterEach(() => {
  cleanup();
  for (const s of opened.splice(0)) s.close();
});

async function storage(withPhrase = true): Promise<TestStorage> {
  const s = testStorage();
  opened.push(s);
  if (withPhrase) {
    await s.keys.saveWalletKeys({
      secretKey: new Uint8Array(32).fill(1),
      mnemonic: PHRASE,
      seed: new Uint8Array(64).fill(2),
    });
  }
  return s;
}

function show(s: TestStorage, now: number) {
  return render(
    <MemoryRouter>
      <PhraseReminder
        phraseCheck={s.phraseCheck}
        keys={s.keys}
        clock={() => now}
        logger={silentLogger}
      />
    </MemoryRouter>,
  );
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('PhraseReminder', () => {
  it('shows for an unchecked phrase, links to the check, and is put off for a day', async () => {
    const s = await storage();
    const now = 1_700_000_000_000;
    show(s, now);
    expect(await screen.findByText(PHRASE_REMINDER_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check it now' }).getAttribute('href')).toBe(
      '/settings#phrase-check',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remind me tomorrow' }));
    expect(screen.queryByText(PHRASE_REMINDER_TEXT)).toBeNull();
    await settle();
    expect(await s.phraseCheck.reminderHiddenUntil()).toBe(now + REMINDER_PAUSE_MS);

    cleanup();
    show(s, now + REMINDER_PAUSE_MS - 1);
    await settle();
    expect(screen.queryByText(PHRASE_REMINDER_TEXT)).toBeNull();
    cleanup();
    show(s, now + REMINDER_PAUSE_MS);
    expect(await screen.findByText(PHRASE_REMINDER_TEXT)).toBeTruthy();
  });

  it('never shows once the phrase is checked, nor without a phrase', async () => {
    const checked = await storage();
    await checked.phraseCheck.setConfirmed();
    show(checked, Date.now());
    await settle();
    expect(screen.queryByText(PHRASE_REMINDER_TEXT)).toBeNull();
    cleanup();
    show(await storage(false), Date.now());
    await settle();
    expect(screen.queryByText(PHRASE_REMINDER_TEXT)).toBeNull();
  });
});
