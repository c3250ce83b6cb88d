// The light part of the app's services, built before the first paint: settings, events, clock,
// logger and the onboarding flag. No Dexie and no protocol library here, so the first screen does
// not wait for them; the rest is built by completeServices (services.ts) when a screen needs it.
import type { Clock } from '../../core/clock';
import type { ConfigStore } from '../../core/settings/ports';
import type { Logger } from '../../core/logger';
import { WalletEvents } from '../../core/events';
import type { StorageOptions } from '../../storage';
import { DEFAULT_DB_NAME } from '../../storage/database/db-name';
import { readOnboardedFlag } from '../../storage/first-screen/onboarded-flag';
import { readOnboardedHint } from '../../storage/first-screen/onboarded-hint';
import type { AppSettings } from '../start-up/env';
import type { LanguageControl } from '../start-up/language';

export interface BaseServices {
  /** Build-time defaults: mint, relays, discovery relays, auditor. */
  settings: AppSettings;
  logger: Logger;
  /** The app-wide 'wallet:updated' bus. */
  events: WalletEvents;
  clock: Clock;
  /** The ONBOARDED flag read without Dexie: what the onboarding guard and start-up ask first. */
  onboarding: OnboardingFlag;
  /** How completeServices opens the database (name, defaults written back, logger, clock). */
  storageOptions: StorageOptions;
  /** The app's language and the merchant's choice of it (set by app/start-up/start.tsx; decision 0055). */
  language?: LanguageControl;
}

/** The ONBOARDED flag as the route guards read it. */
export interface OnboardingFlag extends Pick<ConfigStore, 'isOnboarded'> {
  /**
   * true when the flag's copy in localStorage says this device has no wallet
   * (docs/decisions/0020-onboarded-hint.md): the onboarding steps then show without waiting for
   * IndexedDB, which is asked in the background (app/routes/requireNotOnboarded.ts).
   */
  withoutWallet?: () => boolean;
}

export interface BaseServiceOptions {
  logger: Logger;
  clock?: Clock;
  /** Tests pass a fresh database name; the app uses the default one. */
  dbName?: string;
}

export function createBaseServices(
  settings: AppSettings,
  options: BaseServiceOptions,
): BaseServices {
  const clock = options.clock ?? Date.now;
  const dbName = options.dbName ?? DEFAULT_DB_NAME;
  return {
    settings,
    logger: options.logger,
    events: new WalletEvents(),
    clock,
    onboarding: {
      isOnboarded: sharedOnboardedRead(dbName),
      withoutWallet: () => readOnboardedHint(dbName) === false,
    },
    storageOptions: {
      dbName,
      defaults: { mintUrl: settings.defaultMintUrl, relays: settings.defaultRelays },
      logger: options.logger,
      clock,
      defaultPriceUrl: settings.priceUrl,
    },
  };
}

/**
 * Reads the flag from IndexedDB; callers asking while a read is in flight share it (the guard's
 * loader and a guarded route's `lazy` ask at the same moment on a first load), later callers read
 * afresh.
 */
function sharedOnboardedRead(dbName: string) {
  let inFlight: Promise<boolean> | null = null;
  return () =>
    (inFlight ??= readOnboardedFlag(dbName).finally(() => {
      inFlight = null;
    }));
}
