// What the onboarding screens need from the app's services (a structural subset of AppServices).
import type { Logger } from '../../core/logger';
import type { ConfigStore, KeyStore } from '../../core/ports';

export interface OnboardingSettings {
  defaultMintUrl: string;
  defaultRelays: string[];
  discoveryRelays: string[];
  auditorUrl: string;
}

/** The payment listener: started once the wallet exists (SPEC §4 "Completion"). */
export interface OnboardingMessaging {
  start(): Promise<void>;
}

export interface OnboardingServices {
  settings: OnboardingSettings;
  storage: {
    config: Pick<ConfigStore, 'saveSettings' | 'setOnboarded'>;
    keys: KeyStore;
    /** marks a restored phrase as checked */
    phraseCheck?: { setConfirmed(): Promise<void> };
  };
  logger: Logger;
  /** The browser's storage manager: asked to keep the data once the wallet exists. */
  deviceStorage?: { persist(): Promise<boolean> } | undefined;
  messaging: OnboardingMessaging;
  /** The phrase restore scan, asked for and started when a restored wallet completes onboarding. */
  restore?: OnboardingRestore;
}

export interface OnboardingRestore {
  schedule(reason: 'onboarding'): Promise<void>;
  resume(): Promise<unknown>;
}

export interface OnboardingScreenProps {
  services: OnboardingServices;
}
