// @vitest-environment happy-dom
// The linear onboarding flow on real storage: gating, validation, Back, and completion.
import 'fake-indexeddb/auto';
import {
  act,
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
} from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../../ui/toast/toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscoveredMint } from '../../core/discovery/types';
import { DeviceKeys } from '../../core/keys';
import type { Storage } from '../../storage';
import { CompleteScreen } from './CompleteScreen';
import { INVALID_MNEMONIC_HELP } from './locales/onboarding/en.json';
import { englishText } from '../../ui/i18n';
import { MintSelectionScreen } from './MintSelectionScreen';
import { MnemonicScreen } from './MnemonicScreen';
import { RelayConfigScreen } from './RelayConfigScreen';
import { readSession, updateSession } from './session';
import { WelcomeScreen } from './WelcomeScreen';
import { NIP06_NPUB, NIP06_PHRASE } from '../../core/keys/nip06-vector';
import { onboardingServices } from '../../testing/onboarding-services';

// Key derivation (PBKDF2) and lazy chunks are slow on a busy machine: outcomes are tested, not speed.
configure({ asyncUtilTimeout: 15_000 });

const BAD_CHECKSUM = Array(12).fill('abandon').join(' ');
const MINTS: DiscoveredMint[] = [
  {
    url: 'http://127.0.0.1:3338',
    score: 5,
    recommendations: [{ score: 5, comment: 'local' }],
    vouchedScore: 5,
    vouchedCount: 1,
    reachable: true,
  },
  {
    url: 'https://mint.example',
    score: 3.5,
    recommendations: [],
    vouchedScore: 0,
    vouchedCount: 0,
    reachable: false,
  },
];

let count = 0;
const opened: Storage[] = [];

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  for (const storage of opened.splice(0)) storage.close();
});

function makeServices() {
  const services = onboardingServices(`onboarding-flow-${++count}`, {
    defaultMintUrl: 'https://default.mint',
    discoveryRelays: ['ws://127.0.0.1:7777'],
  });
  opened.push(services.storage);
  return services;
}

function renderFlow(
  path: string,
  options: {
    services?: ReturnType<typeof makeServices>;
    discover?: () => Promise<DiscoveredMint[]>;
  } = {},
) {
  const services = options.services ?? makeServices();
  const discover = options.discover ?? (() => Promise.resolve(MINTS));
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/onboarding', element: <WelcomeScreen /> },
      { path: '/onboarding/welcome', element: <WelcomeScreen /> },
      { path: '/onboarding/mnemonic', element: <MnemonicScreen services={services} /> },
      {
        path: '/onboarding/mint-selection',
        element: <MintSelectionScreen services={services} discover={discover} />,
      },
      { path: '/onboarding/relay-config', element: <RelayConfigScreen services={services} /> },
      { path: '/onboarding/complete', element: <CompleteScreen services={services} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, services };
}

const where = (router: ReturnType<typeof renderFlow>['router']) =>
  router.state.location.pathname + router.state.location.search;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

async function shownWords(): Promise<string[]> {
  const grid = await screen.findByTestId('phrase-words');
  return Array.from(grid.querySelectorAll('[data-testid="phrase-word"]')).map(
    (el) => el.textContent ?? '',
  );
}

describe('mnemonic step', () => {
  it.each(['/onboarding/mnemonic', '/onboarding/mnemonic?mode=other'])(
    'sends %s to welcome',
    async (path) => {
      const { router } = renderFlow(path);
      await screen.findByRole('button', { name: 'Create New Wallet' });
      expect(where(router)).toBe('/onboarding/welcome');
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('shows 12 words and enables Continue only once the written-down box is ticked', async () => {
    const { router } = renderFlow('/onboarding/mnemonic?mode=create');
    expect(await shownWords()).toHaveLength(12);
    expect(screen.getByText(/only way to recover your wallet/)).toBeTruthy();
    expect(button('Continue').disabled).toBe(true);
    fireEvent.click(
      screen.getByLabelText('I have written down my recovery phrase and stored it safely'),
    );
    expect(button('Continue').disabled).toBe(false);
    fireEvent.click(button('Continue'));
    await waitFor(() => expect(where(router)).toBe('/onboarding/mint-selection'));
    expect(readSession().mode).toBe('create');
    expect(localStorage.length).toBe(0);
  });

  it('ticks the written-down box with Enter as well as Space', async () => {
    renderFlow('/onboarding/mnemonic?mode=create');
    await shownWords();
    const box = screen.getByLabelText(
      'I have written down my recovery phrase and stored it safely',
    ) as HTMLInputElement;
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.checked).toBe(true);
    expect(button('Continue').disabled).toBe(false);
    // A held-down Enter does not untick it again.
    fireEvent.keyDown(box, { key: 'Enter', repeat: true });
    expect(box.checked).toBe(true);
  });

  it('shows the same phrase again after Back from mint selection', async () => {
    const { router } = renderFlow('/onboarding/mnemonic?mode=create');
    const first = await shownWords();
    fireEvent.click(
      screen.getByLabelText('I have written down my recovery phrase and stored it safely'),
    );
    fireEvent.click(button('Continue'));
    await screen.findByRole('tab', { name: 'Discovered Mints' });
    fireEvent.click(button('Back'));
    await waitFor(() => expect(where(router)).toBe('/onboarding/mnemonic?mode=create'));
    expect(await shownWords()).toEqual(first);
    expect(readSession().phrase).toBe(first.join(' '));
    expect(where(router)).not.toContain(first[0]);
  });

  it('goes Back to welcome', async () => {
    const { router } = renderFlow('/onboarding/mnemonic?mode=restore');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where(router)).toBe('/onboarding/welcome'));
  });

  it('enables restore Continue from 12 words and rejects an invalid phrase', async () => {
    const { router } = renderFlow('/onboarding/mnemonic?mode=restore');
    const field = await screen.findByLabelText('Recovery phrase');
    fireEvent.input(field, { target: { value: Array(11).fill('abandon').join(' ') } });
    expect(button('Continue').disabled).toBe(true);
    fireEvent.input(field, { target: { value: BAD_CHECKSUM } });
    expect(button('Continue').disabled).toBe(false);
    fireEvent.click(button('Continue'));
    expect(await screen.findByText('Invalid mnemonic')).toBeTruthy();
    expect(screen.getByTestId('phrase-help').textContent).toBe(englishText(INVALID_MNEMONIC_HELP));
    expect(where(router)).toBe('/onboarding/mnemonic?mode=restore');
    expect(readSession().phrase).toBeUndefined();
  });

  it('rejects 13 valid-looking words and accepts the NIP-06 vector phrase', async () => {
    const { router } = renderFlow('/onboarding/mnemonic?mode=restore');
    const field = await screen.findByLabelText('Recovery phrase');
    fireEvent.input(field, { target: { value: `${NIP06_PHRASE} bean` } });
    fireEvent.click(button('Continue'));
    expect(await screen.findByText('Invalid mnemonic')).toBeTruthy();
    fireEvent.input(field, { target: { value: `  ${NIP06_PHRASE.toUpperCase()}\n` } });
    expect(screen.queryByText('Invalid mnemonic')).toBeNull();
    expect(screen.queryByTestId('phrase-help')).toBeNull();
    fireEvent.click(button('Continue'));
    await waitFor(() => expect(where(router)).toBe('/onboarding/mint-selection'));
    expect(readSession()).toMatchObject({ phrase: NIP06_PHRASE, mode: 'restore' });
  });
});

describe('mint selection step', () => {
  beforeEach(() => updateSession({ phrase: NIP06_PHRASE, mode: 'restore' }));

  it('sends direct entry without a phrase and mode to welcome', async () => {
    sessionStorage.clear();
    const { router } = renderFlow('/onboarding/mint-selection');
    await screen.findByRole('button', { name: 'Create New Wallet' });
    expect(where(router)).toBe('/onboarding/welcome');
  });

  it('lists discovered mints with their score, the best that answered picked, and continues with the chosen one', async () => {
    let finish: (mints: DiscoveredMint[]) => void = () => {};
    const discover = () => new Promise<DiscoveredMint[]>((resolve) => (finish = resolve));
    const { router } = renderFlow('/onboarding/mint-selection', { discover });
    expect(await screen.findByText('Discovering mints...')).toBeTruthy();
    expect(button('Continue').disabled).toBe(true);
    await act(async () => finish(MINTS));
    expect(screen.getByText('http://127.0.0.1:3338')).toBeTruthy();
    expect(screen.getByText('★ 5.00')).toBeTruthy();
    expect(screen.getByText('★ 3.50')).toBeTruthy();
    // Which mints answered /v1/info during discovery.
    expect(screen.getAllByTestId('mint-reachability').map((e) => e.textContent)).toEqual([
      'Answered just now',
      'Did not answer: listed last',
    ]);
    // The mint found is picked already (issue 48): Continue works without a tap on it.
    const best = screen.getByRole('radio', { name: /127\.0\.0\.1:3338/ }) as HTMLInputElement;
    expect(best.checked).toBe(true);
    expect(button('Continue').disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: /mint\.example/ }));
    expect(best.checked).toBe(false);
    fireEvent.click(button('Continue'));
    await waitFor(() => expect(where(router)).toBe('/onboarding/relay-config'));
    expect(readSession().mint).toBe('https://mint.example');
  });

  it('chooses a discovered mint with Enter', async () => {
    const { router } = renderFlow('/onboarding/mint-selection');
    const mint = (await screen.findByRole('radio', {
      name: /127\.0\.0\.1:3338/,
    })) as HTMLInputElement;
    fireEvent.keyDown(mint, { key: 'Enter' });
    expect(mint.checked).toBe(true);
    fireEvent.click(button('Continue'));
    await waitFor(() => expect(where(router)).toBe('/onboarding/relay-config'));
    expect(readSession().mint).toBe('http://127.0.0.1:3338');
  });

  it('says so when no mints are discovered', async () => {
    renderFlow('/onboarding/mint-selection', { discover: () => Promise.resolve([]) });
    expect(
      await screen.findByText('No mints discovered. Try using a custom mint URL instead.'),
    ).toBeTruthy();
  });

  it('accepts only http(s) custom URLs, with an inline error otherwise', async () => {
    const { router } = renderFlow('/onboarding/mint-selection');
    fireEvent.click(await screen.findByRole('tab', { name: 'Custom Mint URL' }));
    const input = screen.getByLabelText('Mint URL') as HTMLInputElement;
    expect(input.type).toBe('url');
    expect(button('Continue').disabled).toBe(true);
    fireEvent.input(input, { target: { value: 'ftp://mint.example' } });
    fireEvent.click(button('Continue'));
    expect(
      await screen.findByText('Mint URL must be a valid http:// or https:// address'),
    ).toBeTruthy();
    expect(where(router)).toBe('/onboarding/mint-selection');
    fireEvent.input(input, { target: { value: 'https://custom.mint.example/' } });
    fireEvent.click(button('Continue'));
    await waitFor(() => expect(where(router)).toBe('/onboarding/relay-config'));
    expect(readSession().mint).toBe('https://custom.mint.example');
  });

  it('goes Back to the mnemonic step in the stored mode', async () => {
    const { router } = renderFlow('/onboarding/mint-selection');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where(router)).toBe('/onboarding/mnemonic?mode=restore'));
    expect((screen.getByLabelText('Recovery phrase') as HTMLTextAreaElement).value).toBe(
      NIP06_PHRASE,
    );
  });
});

describe('relay config step', () => {
  it('sends direct entry without a mint to welcome', async () => {
    updateSession({ phrase: NIP06_PHRASE, mode: 'restore' });
    const { router } = renderFlow('/onboarding/relay-config');
    await screen.findByRole('button', { name: 'Create New Wallet' });
    expect(where(router)).toBe('/onboarding/welcome');
  });

  it('starts from the default relays, counts parsed lines and rejects non-ws lines', async () => {
    updateSession({ phrase: NIP06_PHRASE, mode: 'restore', mint: 'http://127.0.0.1:3338' });
    const { router } = renderFlow('/onboarding/relay-config');
    const field = (await screen.findByLabelText('Relays (one per line)')) as HTMLTextAreaElement;
    expect(field.value).toBe('ws://127.0.0.1:7777');
    expect(screen.getByTestId('relay-count').textContent).toBe('Configured relays (1)');

    fireEvent.input(field, { target: { value: '  \n \n' } });
    expect(screen.getByTestId('relay-count').textContent).toBe('Configured relays (0)');
    expect(button('Continue').disabled).toBe(true);

    fireEvent.input(field, { target: { value: 'wss://a.example\nhttps://b.example' } });
    expect(
      screen.getByText('Relay must be a valid ws:// or wss:// address: https://b.example'),
    ).toBeTruthy();
    expect(button('Continue').disabled).toBe(true);

    fireEvent.input(field, { target: { value: ' wss://a.example \n\nws://127.0.0.1:7777\n' } });
    expect(screen.getByTestId('relay-count').textContent).toBe('Configured relays (2)');
    fireEvent.click(button('Continue'));
    await waitFor(() => expect(where(router)).toBe('/onboarding/complete'));
    expect(readSession().relays).toEqual(['wss://a.example', 'ws://127.0.0.1:7777']);
  });

  it('goes Back to mint selection', async () => {
    updateSession({ phrase: NIP06_PHRASE, mode: 'restore', mint: 'http://127.0.0.1:3338' });
    const { router } = renderFlow('/onboarding/relay-config');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where(router)).toBe('/onboarding/mint-selection'));
  });
});

describe('complete step', () => {
  const ready = {
    phrase: NIP06_PHRASE,
    mode: 'restore' as const,
    mint: 'http://127.0.0.1:3338',
    relays: ['ws://127.0.0.1:7777', 'wss://b.example'],
  };

  it('sends direct entry with anything missing to welcome', async () => {
    updateSession({ ...ready, relays: [] });
    const { router } = renderFlow('/onboarding/complete');
    await screen.findByRole('button', { name: 'Create New Wallet' });
    expect(where(router)).toBe('/onboarding/welcome');
  });

  it('summarises, completes, toasts, clears the session and lands on / replacing history', async () => {
    updateSession(ready);
    const { router, services } = renderFlow('/onboarding/complete');
    expect((await screen.findByTestId('summary-mode')).textContent).toBe('Restored wallet');
    expect(screen.getByTestId('summary-mint').textContent).toBe('http://127.0.0.1:3338');
    expect(screen.getByTestId('summary-relay-count').textContent).toBe('Relays (2)');
    fireEvent.click(button('Complete Setup'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      await screen.findByText('🎉 Welcome to Cashew POS! Your wallet is ready to use.'),
    ).toBeTruthy();
    expect(readSession()).toEqual({});
    expect(await services.storage.config.isOnboarded()).toBe(true);
    expect(await services.storage.config.getRelays()).toEqual(ready.relays);
    expect((await new DeviceKeys(services.storage.keys).getKeypair()).npub).toBe(NIP06_NPUB);
    expect(services.inbox.start).toHaveBeenCalledTimes(1);
  });

  it('shows the failure toast, keeps the session and lets the user retry', async () => {
    updateSession(ready);
    const services = makeServices();
    const save = services.storage.keys.saveWalletKeys.bind(services.storage.keys);
    const spy = vi
      .spyOn(services.storage.keys, 'saveWalletKeys')
      .mockRejectedValueOnce(new Error('disk full'))
      .mockImplementation(save);
    renderFlow('/onboarding/complete', { services });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByText('❌ Failed to complete setup. Please try again.')).toBeTruthy();
    expect(await services.storage.config.isOnboarded()).toBe(false);
    expect(readSession()).toMatchObject(ready);

    fireEvent.click(button('Complete Setup'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(spy).toHaveBeenCalledTimes(2);
    expect(await services.storage.config.isOnboarded()).toBe(true);
  });

  it('on a device that got a wallet meanwhile, keeps that wallet, says so and goes home', async () => {
    updateSession(ready);
    const services = makeServices();
    renderFlow('/onboarding/complete', { services });
    await screen.findByRole('button', { name: 'Complete Setup' });
    // Another tab finished onboarding with another phrase and mint.
    const other = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    await services.storage.config.saveSettings({
      mintUrl: 'https://other.mint',
      relays: ['wss://o'],
    });
    await new DeviceKeys(services.storage.keys).createFromMnemonic(other);
    await services.storage.config.setOnboarded(true);

    fireEvent.click(button('Complete Setup'));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(
      await screen.findByText(
        'This device already has a wallet. To replace it, use Replace wallet in Settings.',
      ),
    ).toBeTruthy();
    expect(await services.storage.keys.getMnemonic()).toBe(other);
    expect(await services.storage.config.getMintUrl()).toBe('https://other.mint');
    expect(services.inbox.start).not.toHaveBeenCalled();
    expect(readSession()).toEqual({});
  });

  it('reads Setting up... while busy and goes Back to relay config', async () => {
    updateSession(ready);
    const services = makeServices();
    let release: () => void = () => {};
    services.inbox.start.mockImplementation(
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const { router } = renderFlow('/onboarding/complete', { services });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByRole('button', { name: 'Setting up...' })).toBeTruthy();
    await waitFor(() => expect(services.inbox.start).toHaveBeenCalled());
    expect(button('Setting up...').disabled).toBe(true);
    await act(async () => release());
    await screen.findByRole('heading', { name: 'Home' });

    updateSession(ready);
    await act(() => router.navigate('/onboarding/complete'));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(where(router)).toBe('/onboarding/relay-config'));
  });
});
