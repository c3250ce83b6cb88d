// Checking and saving the settings form (docs/behaviour.md "Settings").
import type { Logger } from '../../core/logger';
import type { ConfigStore } from '../../core/ports';
import type { RemotePaymentInbox } from '../../core/remote-payments/inbox';
import {
  mintUrlProblem,
  normaliseMintInput,
  parseRelayLines,
  relaysProblem,
} from '../../core/settings/settings-input';
import { SETTINGS_SAVE_FAILED } from './texts';

export type SaveOutcome =
  { ok: true; mintUrl: string; relays: string[] } | { ok: false; message: string };

export interface SaveSettingsDeps {
  config: Pick<ConfigStore, 'saveSettings'>;
  inbox: Pick<RemotePaymentInbox, 'restart'>;
  logger: Logger;
}

/**
 * Validates, saves mint and relays together, then restarts the payment listener so new relays
 * are used at once. Resolves with the toast to show; never rejects. A listener that fails to
 * restart is logged only: the settings themselves were saved and apply at the next start.
 */
export async function saveSettingsForm(
  deps: SaveSettingsDeps,
  form: { mintUrl: string; relaysText: string },
): Promise<SaveOutcome> {
  const mintProblem = mintUrlProblem(form.mintUrl);
  if (mintProblem) return { ok: false, message: mintProblem };
  const relays = parseRelayLines(form.relaysText);
  const relayProblem = relaysProblem(relays);
  if (relayProblem) return { ok: false, message: relayProblem };
  const mintUrl = normaliseMintInput(form.mintUrl);
  try {
    await deps.config.saveSettings({ mintUrl, relays });
  } catch (error) {
    deps.logger.error('Could not save settings', error);
    return { ok: false, message: SETTINGS_SAVE_FAILED };
  }
  try {
    await deps.inbox.restart();
  } catch (error) {
    deps.logger.error('Could not restart the payment listener with the new relays', error);
  }
  return { ok: true, mintUrl, relays };
}
