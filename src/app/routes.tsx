// Route table (SPEC §2): the onboarding-guarded main layout, onboarding, and the remote POS page.
import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { LoadingScreen } from './LoadingScreen';
import { RouteError } from './RouteError';
import { requireOnboarded } from './requireOnboarded';
import type { AppServices } from './services';

/**
 * The one contract between the router and a feature: a screen is a component taking
 * `services`, typed in the feature as the subset it needs (AppServices satisfies it).
 */
export type Screen = ComponentType<{ services: AppServices }>;

/** Route `lazy` for a screen: its code loads on first visit, keeping the first bundle small. */
function screen(services: AppServices, load: () => Promise<Screen>) {
  return async () => {
    const Loaded = await load();
    function ScreenWithServices() {
      return <Loaded services={services} />;
    }
    return { Component: ScreenWithServices };
  };
}

export function createRoutes(services: AppServices): RouteObject[] {
  const lazy = (load: () => Promise<Screen>) => screen(services, load);
  const welcome = lazy(() =>
    import('../features/onboarding/WelcomeScreen').then((m) => m.WelcomeScreen),
  );

  return [
    {
      id: 'root',
      element: <Outlet />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        {
          id: 'main',
          element: <AppLayout />,
          loader: requireOnboarded(services.storage.config, services.logger),
          children: [
            {
              index: true,
              lazy: lazy(() => import('../features/pos/HomeScreen').then((m) => m.HomeScreen)),
            },
            {
              path: 'wallet',
              lazy: lazy(() =>
                import('../features/wallet/WalletScreen').then((m) => m.WalletScreen),
              ),
            },
            {
              path: 'connect',
              lazy: lazy(() =>
                import('../features/connect/ConnectScreen').then((m) => m.ConnectScreen),
              ),
            },
            {
              path: 'settings',
              lazy: lazy(() =>
                import('../features/settings/SettingsScreen').then((m) => m.SettingsScreen),
              ),
            },
          ],
        },
        {
          path: 'onboarding',
          children: [
            { index: true, lazy: welcome },
            { path: 'welcome', lazy: welcome },
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
