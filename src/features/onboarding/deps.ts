// What the onboarding screens need from the app's services (a structural subset of AppServices).
import type { Logger } from '../../core/logger';
import type { DeviceKeys } from '../../core/keys';
import type { ConfigStore } from '../../core/settings/ports';
import type { RemotePaymentInbox } from '../../core/remote-payments/merchant/inbox';

export interface OnboardingSettings {
  defaultMintUrl: string;
  defaultRelays: string[];
  discoveryRelays: string[];
  auditorUrl: string;
}

export interface OnboardingServices {
  settings: OnboardingSettings;
  storage: {
    config: Pick<ConfigStore, 'saveSettings' | 'setOnboarded' | 'isOnboarded'>;
    /** marks a restored phrase as checked */
    phraseCheck?: { setConfirmed(): Promise<void> };
  };
  /** the device key, replaced by the one derived from the recovery phrase */
  deviceKeys: Pick<DeviceKeys, 'createFromMnemonic'>;
  logger: Logger;
  /** The browser's storage manager: asked to keep the data once the wallet exists. */
  deviceStorage?: { persist(): Promise<boolean> } | undefined;
  /** The remote-payment inbox: started once the wallet exists (docs/behaviour.md "Step 4, complete"). */
  inbox: Pick<RemotePaymentInbox, 'start'>;
  /** The phrase restore scan, asked for and started when a restored wallet completes onboarding. */
  restore?: OnboardingRestore;
  /** The device's key certified by the phrase's identity (docs/protocol.md "Device envelopes"). */
  deviceIdentity?: { learnIfOpen(): Promise<unknown> };
  /** The merchant PIN, offered on the last step (docs/behaviour.md "Merchant PIN"). */
  lock?: { setPin(pin: string): Promise<void> };
}

export interface OnboardingRestore {
  schedule(reason: 'onboarding'): Promise<void>;
  resume(): Promise<unknown>;
}

export interface OnboardingScreenProps {
  services: OnboardingServices;
}

/**
 * The phrase step needs none of the protocol services: the router shows it on the base services,
 * so a tap on "Create New Wallet" never waits for cashu-ts or nostr-tools to load.
 */
export interface PhraseStepProps {
  services: Pick<OnboardingServices, 'logger'>;
}
