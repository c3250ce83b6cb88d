// Registers the service worker vite-plugin-pwa builds, in a pause of the merchant's input
// (docs/decisions/0011-service-worker.md). Its own chunk, loaded once the first screen is idle:
// workbox-window stays out of the first visit.
import { registerSW } from 'virtual:pwa-register';
import type { Logger } from '../../core/logger';
import type { AppUpdate } from '../shell/app-update';
import { afterUserPause } from './user-pause';

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(update: AppUpdate, logger: Logger): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  await afterUserPause();
  const updateSW = registerSW({
    onNeedRefresh() {
      update.offer(() => updateSW(true));
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => {});
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      logger.warn('Service worker registration failed: the app will not start offline', error);
    },
  });
}
