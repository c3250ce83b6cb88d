// Route table (docs/behaviour.md "Routes"): the onboarding-guarded main layout, onboarding, the
// remote POS page and the customer display.
import { lazy as reactLazy, Suspense, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { WelcomeScreen } from '../../features/onboarding/WelcomeScreen';
import { HomeScreen } from '../../features/pos/HomeScreen';
import { AppUpdate, InvoiceActivity } from '../shell/app-update';
import { AppLayout } from '../shell/AppLayout';
import { ConnectionStatus } from '../shell/ConnectionStatus';
import { LoadingScreen } from '../shell/LoadingScreen';
import { RouteError } from '../shell/RouteError';
import { RouteFocus, type RouteHandle } from '../shell/RouteFocus';
import { GUARDED_SCREENS } from './guarded-screens';
import { requireNotOnboarded } from './requireNotOnboarded';
import { LEGACY_ONBOARDING_ROUTE_ID, ONBOARDING_ROUTE_ID } from './route-ids';
import { requireOnboarded } from './requireOnboarded';
import { loadPhraseScreen } from './phrase-screen';
import { LoadedBannersSlot } from '../shell/LoadedBannersSlot';

import { deferredPosServices } from '../services/pos';
import type { AppServices } from '../services/complete';
import type { BaseServices } from '../services/base';
import type { ServiceSource } from '../services/deferred';
import type { PosServices } from '../../features/pos/deps';

/** What the shell shows besides the screens: the update prompt (fed by app/start-up/register-sw.ts). */
export interface ShellServices {
  update: AppUpdate;
}

/** How long the shell waits for the mint's info before calling it unreachable. */
const MINT_PROBE_TIMEOUT_MS = 8_000;

/** The keypad's services, reporting to `activity` while an invoice is being created or shown. */
function reportingInvoices(pos: PosServices, activity: InvoiceActivity): PosServices {
  const { payments } = pos;
  return {
    ...pos,
    payments: {
      ...payments,
      createInvoice: (sale) => activity.whileCreating(() => payments.createInvoice(sale)),
      setForeground: (quote) => {
        activity.setShown(typeof quote === 'string' || quote === null ? quote : quote.quote);
        payments.setForeground(quote);
      },
    },
  };
}

/** True when the configured mint answers its info in time; never rejects. */
function mintProbe(source: ServiceSource): () => Promise<boolean> {
  return () =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), MINT_PROBE_TIMEOUT_MS);
      source
        .afterFirstPaint()
        .then((services) => services.payments.amountLimits())
        .then(
          () => resolve(true),
          () => resolve(false),
        )
        .finally(() => clearTimeout(timer));
    });
}

/**
 * The one contract between the router and a feature: a screen is a component taking
 * `services`, typed in the feature as the subset it needs (AppServices satisfies it).
 */
export type Screen = ComponentType<{ services: AppServices }>;

/**
 * Route `lazy` for a screen: its code and the whole service set load on first visit, in
 * parallel, keeping the first bundle small.
 */
function screen(source: ServiceSource, load: () => Promise<Screen>) {
  return async () => {
    const [Loaded, services] = await Promise.all([load(), source.load()]);
    function ScreenWithServices() {
      return <Loaded services={services} />;
    }
    return { Component: ScreenWithServices };
  };
}

/**
 * Route `lazy` for a screen that needs only the base services (logger, build settings): it shows
 * as soon as its own code is in, without waiting for the protocol services (docs/performance.md
 * "Taps": a new user's first tap).
 */
function baseScreen(
  source: ServiceSource,
  load: () => Promise<ComponentType<{ services: BaseServices }>>,
) {
  return async () => {
    const Loaded = await load();
    function ScreenWithBaseServices() {
      return <Loaded services={source.base} />;
    }
    return { Component: ScreenWithBaseServices };
  };
}

/**
 * Route `lazy` for the wallet: its code and its storage reads (app/services/wallet-first.ts), not
 * the protocol services, then the first page (balance, history, pending) read before the mount,
 * so the screen's first render shows them; its actions wait for the services, which load behind
 * it (docs/performance.md "Wallet at scale").
 */
function walletScreen(source: ServiceSource) {
  return async () => {
    const [{ WalletScreen, startFirstWalletRead }, { walletFirstServices }] = await Promise.all([
      GUARDED_SCREENS['/wallet'](),
      import('../services/wallet-first'),
    ]);
    const services = walletFirstServices(source);
    const first = await startFirstWalletRead(services);
    function Wallet() {
      return <WalletScreen services={services} first={first} />;
    }
    return { Component: Wallet };
  };
}

/**
 * Route `lazy` for a screen behind the onboarding guard. React Router resolves a route's `lazy`
 * in parallel with its parent's loader, so a new user opening /wallet would download the screen
 * and every protocol library only to be redirected: when the device is not onboarded, the route
 * gets a component that loads them when it is first shown (after onboarding) instead.
 */
function guardedScreen(
  source: ServiceSource,
  loadNow: () => Promise<{ Component: ComponentType }>,
) {
  return async () => {
    const onboarded = await source.base.onboarding.isOnboarded().catch(() => false);
    if (onboarded) return loadNow();
    const Later = reactLazy(async () => ({ default: (await loadNow()).Component }));
    function ScreenLoadedLater() {
      return (
        <Suspense fallback={<LoadingScreen />}>
          <Later />
        </Suspense>
      );
    }
    return { Component: ScreenLoadedLater };
  };
}

export function createRoutes(
  source: ServiceSource,
  shell: ShellServices = { update: new AppUpdate() },
): RouteObject[] {
  const lazy = (load: () => Promise<Screen>) => screen(source, load);
  const guarded = (load: () => Promise<Screen>) => guardedScreen(source, screen(source, load));
  // The first screens, the welcome (new user) and the keypad (onboarded merchant), are in the entry
  // chunk: no second request before they paint, no protocol library. The keypad renders on services
  // that load cashu-ts, nostr-tools and Dexie when first used, so it does not wait for them.
  const welcome = { Component: WelcomeScreen };
  const invoiceActivity = new InvoiceActivity();
  const posServices = reportingInvoices(deferredPosServices(source), invoiceActivity);
  const probeMint = mintProbe(source);
  function PointOfSale() {
    return <HomeScreen services={posServices} />;
  }
  const named = (title: string): { handle: RouteHandle } => ({ handle: { title } });
  /** An onboarding step: its own chunk, loaded when the merchant gets there. */
  const step = (path: string, title: string, load: () => Promise<Screen>): RouteObject => ({
    path,
    ...named(title),
    lazy: lazy(load),
  });
  // Onboarding is only for a device without a wallet: every onboarding route sends an onboarded
  // one home (docs/behaviour.md "Routes").
  const notOnboarded = requireNotOnboarded(source.base.onboarding, source.base.logger);

  return [
    {
      id: 'root',
      element: (
        <>
          <RouteFocus />
          <Outlet />
        </>
      ),
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        {
          id: 'main',
          element: (
            <AppLayout
              banner={
                <LoadedBannersSlot
                  source={source}
                  update={shell.update}
                  activity={invoiceActivity}
                />
              }
              status={<ConnectionStatus probeMint={probeMint} />}
            />
          ),
          loader: requireOnboarded(source.base.onboarding, source.base.logger),
          children: [
            { index: true, Component: PointOfSale, ...named('Point of Sale') },
            {
              path: 'wallet',
              ...named('Wallet'),
              lazy: guardedScreen(source, walletScreen(source)),
            },
            {
              path: 'connect',
              ...named('Connect'),
              lazy: guarded(() => GUARDED_SCREENS['/connect']().then((m) => m.ConnectScreen)),
            },
            {
              path: 'settings',
              ...named('Settings'),
              lazy: guarded(() => GUARDED_SCREENS['/settings']().then((m) => m.SettingsScreen)),
            },
            {
              path: 'items',
              ...named('Items'),
              lazy: guarded(() => GUARDED_SCREENS['/items']().then((m) => m.ItemsScreen)),
            },
          ],
        },
        {
          id: ONBOARDING_ROUTE_ID,
          path: 'onboarding',
          loader: notOnboarded,
          // Asked again at every step, not only when the URL's search changes: another tab may
          // have finished onboarding meanwhile.
          shouldRevalidate: () => true,
          children: [
            { index: true, ...welcome, ...named('Welcome') },
            { path: 'welcome', ...welcome, ...named('Welcome') },
            {
              path: 'mnemonic',
              ...named('Recovery Phrase'),
              lazy: baseScreen(source, loadPhraseScreen),
            },
            step('mint-selection', 'Mint', () =>
              import('../../features/onboarding/MintSelectionScreen').then(
                (m) => m.MintSelectionScreen,
              ),
            ),
            step('relay-config', 'Relays', () =>
              import('../../features/onboarding/RelayConfigScreen').then(
                (m) => m.RelayConfigScreen,
              ),
            ),
            step('complete', 'Complete', () =>
              import('../../features/onboarding/CompleteScreen').then((m) => m.CompleteScreen),
            ),
          ],
        },
        {
          id: LEGACY_ONBOARDING_ROUTE_ID,
          path: 'onboarding-legacy',
          loader: notOnboarded,
          ...named('Set Up Your Wallet'),
          lazy: lazy(() =>
            import('../../features/onboarding/LegacyOnboardingScreen').then(
              (m) => m.LegacyOnboardingScreen,
            ),
          ),
        },
        {
          // The customer display: no guard and no services, only the counter's messages
          // (docs/behaviour.md "Customer display"), so it never unlocks or reads anything.
          path: 'display',
          ...named('Customer display'),
          lazy: () =>
            import('../../features/display/DisplayScreen').then((m) => ({
              Component: m.DisplayScreen,
            })),
        },
        {
          path: 'remote/:npub',
          ...named('Remote POS'),
          lazy: lazy(() =>
            import('../../features/remote/RemoteScreen').then((m) => m.RemoteScreen),
          ),
        },
      ],
    },
  ];
}
