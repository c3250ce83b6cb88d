// @vitest-environment happy-dom
// The recovery phrase check and the storage status in Settings, on real storage.
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import { closedAfterEach } from '../../testing/storage/db';
import { answerPhraseCheck } from '../../testing/ui/phrase-check';
import { PhraseCheck } from './PhraseCheck';
import { StorageStatus, formatBytes } from './StorageStatus';
import { LanguageContext, englishText } from '../../ui/i18n';
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Messages } from '../../core/i18n/messages';
import { MintUrlField, RelaysField } from '../../ui/forms/SettingsFields';
import * as SPANISH_FIELDS from '../../ui/locales/fields/es.json';
import * as SPANISH from './locales/settings/es.json';
import * as S from './locales/settings/en.json';

const PHRASE_CHECKED = englishText(S.PHRASE_CHECKED);
const PHRASE_CHECK_WRONG = englishText(S.PHRASE_CHECK_WRONG);
const STORAGE_NOT_PERSISTENT = englishText(S.STORAGE_NOT_PERSISTENT);
const STORAGE_PERSISTENT = englishText(S.STORAGE_PERSISTENT);
const STORAGE_UNKNOWN = englishText(S.STORAGE_UNKNOWN);

/** Settings' and the shared fields' Spanish, as the app loads them when Spanish is chosen. */
const spanish = {
  formats: intlFormats('es'),
  messages: {
    ...(SPANISH as unknown as { messages: Messages }).messages,
    ...(SPANISH_FIELDS as unknown as { messages: Messages }).messages,
  },
};

const storages = closedAfterEach();
const storageWithPhrase = storages.withPhrase;

afterEach(() => {
  cleanup();
});

describe('PhraseCheck', () => {
  it('asks three words; wrong ones are refused, the right ones confirm the phrase for good', async () => {
    const s = await storageWithPhrase();
    render(<PhraseCheck keys={s.keys} phraseCheck={s.phraseCheck} logger={silentLogger} />);
    await answerPhraseCheck(false);
    expect(await screen.findByText(PHRASE_CHECK_WRONG)).toBeTruthy();
    expect(await s.phraseCheck.isConfirmed()).toBe(false);

    await answerPhraseCheck(true);
    expect(await screen.findByText(PHRASE_CHECKED)).toBeTruthy();
    expect(await s.phraseCheck.isConfirmed()).toBe(true);

    cleanup();
    render(<PhraseCheck keys={s.keys} phraseCheck={s.phraseCheck} logger={silentLogger} />);
    expect(await screen.findByText(PHRASE_CHECKED)).toBeTruthy();
    expect(screen.queryByLabelText(/^Word \d+$/)).toBeNull();
  });

  it('shows nothing on a device without a phrase', async () => {
    const s = storages.open();
    const { container } = render(
      <PhraseCheck keys={s.keys} phraseCheck={s.phraseCheck} logger={silentLogger} />,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });
});

describe('in Spanish', () => {
  it('asks the words, the button and the mint and relay fields in Spanish', async () => {
    const s = await storageWithPhrase();
    render(
      <LanguageContext.Provider value={spanish}>
        <PhraseCheck keys={s.keys} phraseCheck={s.phraseCheck} logger={silentLogger} />
        <MintUrlField value="" onChange={() => {}} />
        <RelaysField value="" onChange={() => {}} />
      </LanguageContext.Provider>,
    );
    expect(await screen.findAllByLabelText(/^Palabra \d+$/)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Comprobar palabras' })).toBeTruthy();
    expect(screen.getByLabelText('URL del mint')).toBeTruthy();
    expect(screen.getByLabelText('Relays (uno por línea)')).toBeTruthy();
  });
});

describe('StorageStatus', () => {
  it('says storage is persistent and how much is used', async () => {
    render(
      <StorageStatus
        deviceStorage={{
          persisted: async () => true,
          estimate: async () => ({ usage: 2_345_678, quota: 1_000_000_000 }),
        }}
        logger={silentLogger}
      />,
    );
    expect(await screen.findByText(STORAGE_PERSISTENT)).toBeTruthy();
    expect(screen.getByTestId('storage-usage').textContent).toBe(
      'Using 2.3 MB of 1.0 GB available.',
    );
  });

  it('says what a refusal means for the money, with the advice to withdraw or cash out', async () => {
    render(
      <StorageStatus
        deviceStorage={{ persisted: async () => false, estimate: async () => ({ usage: 512 }) }}
        logger={silentLogger}
      />,
    );
    expect(await screen.findByText(STORAGE_NOT_PERSISTENT)).toBeTruthy();
    expect(STORAGE_NOT_PERSISTENT).toMatch(/withdraw or cash out regularly/);
    expect(screen.getByTestId('storage-usage').textContent).toBe('Using 512 B.');
  });

  it('says the browser does not tell when it has no storage manager or the read fails', async () => {
    render(<StorageStatus deviceStorage={undefined} logger={silentLogger} />);
    expect(screen.getByText(STORAGE_UNKNOWN)).toBeTruthy();
    cleanup();
    const logger = { ...silentLogger, warn: vi.fn() };
    render(
      <StorageStatus
        deviceStorage={{
          persisted: () => Promise.reject(new Error('no')),
          estimate: async () => ({}),
        }}
        logger={logger}
      />,
    );
    await waitFor(() => expect(screen.getByText(STORAGE_UNKNOWN)).toBeTruthy());
  });

  it('formats byte counts', () => {
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(15_300)).toBe('15 kB');
    expect(formatBytes(1_500_000)).toBe('1.5 MB');
  });
});
