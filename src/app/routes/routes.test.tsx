// @vitest-environment happy-dom
// Route table with real storage: the onboarding guard, the screens behind it, and the routes outside.
import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeNpub, publicKeyOf, randomSecretKey } from '../../core/keys';
import { silentLogger } from '../../core/logger';
import { readAppSettings } from '../start-up/env';
import { createRoutes } from './routes';
import { createServices, type AppServices } from '../services/complete';
import { readyServices } from '../services/deferred';
import { englishText } from '../../ui/i18n';
import * as TITLES from '../locales/titles/en.json';
import type { RouteHandle } from '../shell/RouteFocus';

// The lazy screens' first import is slow on a busy machine: outcomes are tested, not speed.
configure({ asyncUtilTimeout: 10_000 });

let dbCount = 0;
const opened: AppServices[] = [];

afterEach(() => {
  cleanup();
  for (const services of opened.splice(0)) services.storage.close();
});

function makeServices(): AppServices {
  const services = createServices(readAppSettings({ VITE_AUDITOR_URL: '' }), {
    logger: silentLogger,
    dbName: `routes-test-${++dbCount}`,
  });
  opened.push(services);
  return services;
}

function renderAt(services: AppServices, path: string) {
  const router = createMemoryRouter(createRoutes(readyServices(services)), {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

async function onboardedServices() {
  const services = makeServices();
  await services.storage.config.setOnboarded(true);
  return services;
}

async function onboardedAt(path: string) {
  return renderAt(await onboardedServices(), path);
}

/** A new device on an onboarding screen; returns its services so another tab can onboard. */
async function welcomeAt(path: string) {
  const services = makeServices();
  const router = renderAt(services, path);
  expect(await screen.findByRole('button', { name: 'Create New Wallet' })).toBeTruthy();
  return { services, router };
}

/** The router went to `path` in place of the entry asked for, so Back does not return to it. */
function expectReplacedAt(router: ReturnType<typeof renderAt>, path: string) {
  expect(router.state.location.pathname).toBe(path);
  expect(router.state.historyAction).toBe('REPLACE');
}

async function expectHeading(name: string) {
  const heading = await screen.findByRole('heading', { level: 1, name });
  expect(heading).toBeTruthy();
  return heading;
}

describe('routes', () => {
  it('sends a device that has not onboarded from the main layout to the welcome screen', async () => {
    const { router } = await welcomeAt('/wallet');
    expectReplacedAt(router, '/onboarding');
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).toBeNull();
  });

  it('shows the point of sale once onboarded in the same session that first opened / as a new user', async () => {
    const { services, router } = await welcomeAt('/');
    await services.storage.config.setOnboarded(true);
    await router.navigate('/');
    await expectHeading('Point of Sale');
  });

  it.each([
    ['/', 'Point of Sale'],
    ['/wallet', 'Wallet'],
    ['/connect', 'Connect Remote POS'],
    ['/settings', 'Settings'],
  ])('shows %s inside the navigation shell once onboarded', async (path, heading) => {
    const router = await onboardedAt(path);
    await expectHeading(heading);
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('button', { name: 'Toggle navigation' })).toBeTruthy();
  });

  it('shows the keypad of an onboarded device before the protocol services have loaded', async () => {
    const services = await onboardedServices();
    let loads = 0;
    const load = () => {
      loads += 1;
      return new Promise<AppServices>(() => {});
    };
    const neverLoads = {
      base: services,
      load,
      afterFirstPaint: load,
      firstPaint: () => Promise.resolve(),
    };
    render(<RouterProvider router={createMemoryRouter(createRoutes(neverLoads))} />);
    await expectHeading('Point of Sale');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.getByTestId('home-balance').textContent).toBe('…');
    // The balance asked for them as the keypad mounted: the keypad itself did not wait.
    expect(loads).toBeGreaterThan(0);
  });

  it("shows a new user's recovery phrase before the protocol services have loaded", async () => {
    const services = makeServices();
    const neverLoads = () => new Promise<AppServices>(() => {});
    const source = {
      base: services,
      load: neverLoads,
      afterFirstPaint: neverLoads,
      firstPaint: () => Promise.resolve(),
    };
    const router = createMemoryRouter(createRoutes(source), { initialEntries: ['/onboarding'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create New Wallet' }));
    await expectHeading('Your Recovery Phrase');
    expect(screen.getAllByTestId('phrase-word')).toHaveLength(12);
  });

  it.each([
    '/onboarding',
    '/onboarding/welcome',
    '/onboarding/mnemonic?mode=restore',
    '/onboarding/mint-selection',
    '/onboarding/relay-config',
    '/onboarding/complete',
    '/onboarding-legacy',
  ])(
    'sends an onboarded device from %s to the keypad, replacing the history entry',
    async (path) => {
      const router = await onboardedAt(path);
      await expectHeading('Point of Sale');
      expectReplacedAt(router, '/');
      expect(screen.queryByRole('button', { name: 'Complete Setup' })).toBeNull();
    },
  );

  it('sends a device home from onboarding once it has a wallet, even mid-way through the steps', async () => {
    const { services, router } = await welcomeAt('/onboarding/welcome');
    // Another tab finished onboarding meanwhile.
    await services.storage.config.setOnboarded(true);
    fireEvent.click(screen.getByRole('button', { name: 'Restore Existing Wallet' }));
    await expectHeading('Point of Sale');
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks again between steps whose URLs differ only in path', async () => {
    const { services, router } = await welcomeAt('/onboarding/welcome');
    await services.storage.config.setOnboarded(true);
    await router.navigate('/onboarding/mint-selection');
    await expectHeading('Point of Sale');
    expect(router.state.location.pathname).toBe('/');
  });

  it('links the welcome actions to the mnemonic step in create and restore mode', async () => {
    const router = renderAt(makeServices(), '/onboarding/welcome');
    fireEvent.click(await screen.findByRole('button', { name: 'Create New Wallet' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=create'));
    expect(router.state.location.pathname).toBe('/onboarding/mnemonic');

    await router.navigate('/onboarding');
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Existing Wallet' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=restore'));
    expect(router.state.location.pathname).toBe('/onboarding/mnemonic');
  });

  it('shows the remote POS page without the navigation shell or the onboarding guard', async () => {
    const merchant = encodeNpub(publicKeyOf(randomSecretKey()));
    renderAt(makeServices(), `/remote/${merchant}`);
    expect(
      await screen.findByRole('heading', { name: `Creating invoices for ${merchant}` }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).toBeNull();
  });

  it('shows the error screen with a reload button for an unknown path', async () => {
    renderAt(makeServices(), '/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('This page does not exist.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it.each([
    ['/', 'Point of Sale · Cashew POS'],
    ['/wallet', 'Wallet · Cashew POS'],
    ['/connect', 'Connect · Cashew POS'],
    ['/settings', 'Settings · Cashew POS'],
  ])('names the document after the screen at %s', async (path, title) => {
    await onboardedAt(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('names every screen with a title app/locales/titles holds, so other languages rename it', () => {
    const titlesOf = (routes: readonly RouteObject[]): string[] =>
      routes.flatMap((route) => [
        ...[(route.handle as RouteHandle | undefined)?.title ?? []].flat(),
        ...titlesOf(route.children ?? []),
      ]);
    const catalog = Object.entries(TITLES)
      .filter(([key]) => key.startsWith('TITLE_'))
      .map(([, text]) => englishText(text as string));
    expect(new Set(titlesOf(createRoutes(readyServices(makeServices()))))).toEqual(
      new Set(catalog),
    );
  });

  it.each([
    ['/onboarding', 'Welcome · Cashew POS'],
    ['/onboarding/mnemonic?mode=create', 'Recovery Phrase · Cashew POS'],
    ['/onboarding-legacy', 'Set Up Your Wallet · Cashew POS'],
  ])('names the document after the onboarding screen at %s', async (path, title) => {
    renderAt(makeServices(), path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('moves focus to the new screen heading on navigation, but leaves the first screen alone', async () => {
    const router = await onboardedAt('/');
    await expectHeading('Point of Sale');
    expect(document.activeElement).toBe(document.body);

    fireEvent.click(screen.getByRole('link', { name: 'Wallet' }));
    const wallet = await expectHeading('Wallet');
    await waitFor(() => expect(document.activeElement).toBe(wallet));
    expect(document.title).toBe('Wallet · Cashew POS');

    await router.navigate('/');
    const home = await expectHeading('Point of Sale');
    await waitFor(() => expect(document.activeElement).toBe(home));
    // The keypad still takes keys from anywhere on the page.
    fireEvent.keyDown(home, { key: '7' });
    expect(screen.getByTestId('keypad-amount').textContent).toMatch(/^7\s*sats$/);
  });
});
