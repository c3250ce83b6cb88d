// The code of the screens behind the onboarding guard that need the protocol services, by path,
// for the route table (routes.tsx). The same paths name their modules in app/start-up/next-screens.ts, from
// which the build tells the early script what to fetch for each (src/early-onboarded-read.ts).
import type { GUARDED_SCREEN_MODULES } from '../start-up/next-screens';

export const GUARDED_SCREENS = {
  '/wallet': () => import('../../features/wallet/WalletScreen'),
  '/connect': () => import('../../features/connect/ConnectScreen'),
  '/settings': () => import('../../features/settings/SettingsScreen'),
  '/items': () => import('../../features/items/ItemsScreen'),
} as const satisfies Record<keyof typeof GUARDED_SCREEN_MODULES, () => Promise<unknown>>;
