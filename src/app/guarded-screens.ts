// The code of the screens behind the onboarding guard that need the protocol services, by path:
// one table for the route table (routes.tsx) and the early script, which starts loading the one a
// device opens while React still downloads (src/early-onboarded-read.ts).
import { withoutTrailingSlashes } from '../core/urls/trailing-slashes';

export const GUARDED_SCREENS = {
  '/wallet': () => import('../features/wallet/WalletScreen'),
  '/connect': () => import('../features/connect/ConnectScreen'),
  '/settings': () => import('../features/settings/SettingsScreen'),
  '/items': () => import('../features/items/ItemsScreen'),
} as const;

/** The guarded screen at this path (a trailing slash allowed), if any. */
export function guardedScreenAt(pathname: string): keyof typeof GUARDED_SCREENS | undefined {
  const path = withoutTrailingSlashes(pathname);
  return Object.hasOwn(GUARDED_SCREENS, path) ? (path as keyof typeof GUARDED_SCREENS) : undefined;
}
