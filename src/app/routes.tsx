// Route table (docs/behaviour.md "Routes"): the onboarding-guarded main layout, onboarding, and the
// remote POS page.
import { lazy as reactLazy, Suspense, type ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { WelcomeScreen } from '../features/onboarding/WelcomeScreen';
import { HomeScreen } from '../features/pos/HomeScreen';
import { AppLayout } from './AppLayout';
import { LoadingScreen } from './LoadingScreen';
import { LockScreen } from './LockScreen';
import { RestoreBanner } from './RestoreBanner';
import { RouteError } from './RouteError';
import { requireOnboarded } from './requireOnboarded';
import { deferredPosServices } from './services/pos';
import type { AppServices } from './services/complete';
import type { ServiceSource } from './services/deferred';

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

export function createRoutes(source: ServiceSource): RouteObject[] {
  const lazy = (load: () => Promise<Screen>) => screen(source, load);
  const guarded = (load: () => Promise<Screen>) => guardedScreen(source, screen(source, load));
  // The first screens, the welcome (new user) and the keypad (onboarded merchant), are in the entry
  // chunk: no second request before they paint, no protocol library. The keypad renders on services
  // that load cashu-ts, nostr-tools and Dexie when first used, so it does not wait for them.
  const welcome = { Component: WelcomeScreen };
  const posServices = deferredPosServices(source);
  function PointOfSale() {
    return <HomeScreen services={posServices} />;
  }

  return [
    {
      id: 'root',
      element: <Outlet />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        {
          id: 'main',
          element: (
            <AppLayout
              banner={
                <>
                  <LockScreen source={source} />
                  <RestoreBanner source={source} />
                </>
              }
            />
          ),
          loader: requireOnboarded(source.base.onboarding, source.base.logger),
          children: [
            { index: true, Component: PointOfSale },
            {
              path: 'wallet',
              lazy: guarded(() =>
                import('../features/wallet/WalletScreen').then((m) => m.WalletScreen),
              ),
            },
            {
              path: 'connect',
              lazy: guarded(() =>
                import('../features/connect/ConnectScreen').then((m) => m.ConnectScreen),
              ),
            },
            {
              path: 'settings',
              lazy: guarded(() =>
                import('../features/settings/SettingsScreen').then((m) => m.SettingsScreen),
              ),
            },
          ],
        },
        {
          path: 'onboarding',
          children: [
            { index: true, ...welcome },
            { path: 'welcome', ...welcome },
            {
              path: 'mnemonic',
              lazy: lazy(() =>
                import('../features/onboarding/MnemonicScreen').then((m) => m.MnemonicScreen),
              ),
            },
            {
              path: 'mint-selection',
              lazy: lazy(() =>
                import('../features/onboarding/MintSelectionScreen').then(
                  (m) => m.MintSelectionScreen,
                ),
              ),
            },
            {
              path: 'relay-config',
              lazy: lazy(() =>
                import('../features/onboarding/RelayConfigScreen').then((m) => m.RelayConfigScreen),
              ),
            },
            {
              path: 'complete',
              lazy: lazy(() =>
                import('../features/onboarding/CompleteScreen').then((m) => m.CompleteScreen),
              ),
            },
          ],
        },
        {
          path: 'onboarding-legacy',
          lazy: lazy(() =>
            import('../features/onboarding/LegacyOnboardingScreen').then(
              (m) => m.LegacyOnboardingScreen,
            ),
          ),
        },
        {
          path: 'remote/:npub',
          lazy: lazy(() => import('../features/remote/RemoteScreen').then((m) => m.RemoteScreen)),
        },
      ],
    },
  ];
}
