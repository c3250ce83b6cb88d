// Finishing onboarding (docs/behaviour.md "Step 4, complete"), shared by the linear flow and the
// legacy page.
import { WalletExistsError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import type { DeviceKeys } from '../../core/keys';
import type { ConfigStore } from '../../core/settings/ports';
import type { RemotePaymentInbox } from '../../core/remote-payments/merchant/inbox';

export interface CompletionDeps {
  config: Pick<ConfigStore, 'saveSettings' | 'setOnboarded' | 'isOnboarded'>;
  deviceKeys: Pick<DeviceKeys, 'createFromMnemonic'>;
  inbox: Pick<RemotePaymentInbox, 'start'>;
  logger: Logger;
  /** The phrase restore scan: a restored wallet asks for one before it counts as onboarded. */
  restore?: { schedule(reason: 'onboarding'): Promise<void> };
  /** A restored phrase was typed in: it counts as checked, so no reminder asks for it. */
  phraseCheck?: { setConfirmed(): Promise<void> };
  /** Asks the browser to keep the wallet's data, once the wallet exists (navigator.storage.persist). */
  persistStorage?: () => Promise<unknown>;
  /** The device learns the phrase's identity at once, as a start-up would (docs/protocol.md "Device envelopes"). */
  deviceIdentity?: { learnIfOpen(): Promise<unknown> };
}

export interface CompletionInput {
  mintUrl: string;
  relays: string[];
  phrase: string;
  /** 'restore': the scan for the phrase's ecash is stored before the flag, so it runs even after a reload */
  mode?: 'create' | 'restore';
}

/**
 * Saves mint and relays, creates the device keys from the phrase (NIP-06 key, phrase and seed),
 * sets the onboarded flag, then starts the payment listener. The flag is written only after
 * everything it vouches for, so a failure leaves the device not onboarded and a retry simply
 * redoes every step (each write replaces, none appends). Rejects on any failure up to the flag.
 * A listener that fails to start is only logged, as at app start: the wallet itself is ready.
 *
 * Only for a device without a wallet: an onboarded device is refused with WalletExistsError
 * before anything is written, and the mint, relays and keys are each written only if the flag
 * is still false in their own transaction (another tab finishing first), so a direct call or a
 * race never overwrites a wallet (docs/security.md "Onboarding and Replace wallet").
 */
export async function completeOnboarding(
  deps: CompletionDeps,
  input: CompletionInput,
): Promise<void> {
  if (await deps.config.isOnboarded()) throw new WalletExistsError();
  const newWalletOnly = { newWalletOnly: true };
  await deps.config.saveSettings({ mintUrl: input.mintUrl, relays: input.relays }, newWalletOnly);
  await deps.deviceKeys.createFromMnemonic(input.phrase, 0, newWalletOnly);
  if (input.mode === 'restore') {
    await deps.phraseCheck?.setConfirmed();
    await deps.restore?.schedule('onboarding');
  }
  await deps.config.setOnboarded(true);
  if (deps.persistStorage) {
    await deps.persistStorage().catch((error: unknown) => {
      deps.logger.warn('Asking for persistent storage failed', error);
    });
  }
  await deps.deviceIdentity?.learnIfOpen().catch((error: unknown) => {
    deps.logger.error('Learning the device identity failed', error);
  });
  try {
    await deps.inbox.start();
  } catch (error) {
    deps.logger.error('Could not start the payment listener after onboarding', error);
  }
}
