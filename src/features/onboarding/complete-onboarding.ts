// Finishing onboarding (docs/behaviour.md "Step 4, complete"), shared by the linear flow and the
// legacy page.
import type { Logger } from '../../core/logger';
import type { DeviceKeys } from '../../core/keys';
import type { ConfigStore } from '../../core/ports';
import type { RemotePaymentInbox } from '../../core/remote-payments/inbox';

export interface CompletionDeps {
  config: Pick<ConfigStore, 'saveSettings' | 'setOnboarded'>;
  deviceKeys: Pick<DeviceKeys, 'createFromMnemonic'>;
  inbox: Pick<RemotePaymentInbox, 'start'>;
  logger: Logger;
}

export interface CompletionInput {
  mintUrl: string;
  relays: string[];
  phrase: string;
}

/**
 * Saves mint and relays, creates the device keys from the phrase (NIP-06 key, phrase and seed),
 * sets the onboarded flag, then starts the payment listener. The flag is written only after
 * everything it vouches for, so a failure leaves the device not onboarded and a retry simply
 * redoes every step (each write replaces, none appends). Rejects on any failure up to the flag.
 * A listener that fails to start is only logged, as at app start: the wallet itself is ready.
 */
export async function completeOnboarding(
  deps: CompletionDeps,
  input: CompletionInput,
): Promise<void> {
  await deps.config.saveSettings({ mintUrl: input.mintUrl, relays: input.relays });
  await deps.deviceKeys.createFromMnemonic(input.phrase);
  await deps.config.setOnboarded(true);
  try {
    await deps.inbox.start();
  } catch (error) {
    deps.logger.error('Could not start the payment listener after onboarding', error);
  }
}
