// Checking and saving the settings form (docs/behaviour.md "Settings").
import type { ErrorText } from '../../core/errors';
import type { Logger } from '../../core/logger';
import type { ConfigStore } from '../../core/settings/ports';
import type { RemotePaymentInbox } from '../../core/remote-payments/merchant/inbox';
import {
  mintUrlProblem,
  normaliseMintInput,
  parseRelayLines,
  relaysProblemWords,
} from '../../core/settings/settings-input';
import { englishText, type Translate } from '../../ui/i18n';
import { SETTINGS_SAVE_FAILED } from './locales/settings/en.json';

export type SaveOutcome =
  | { ok: true; mintUrl: string; relays: string[] }
  /** `field`: the message belongs under that field (inline); none: the save itself failed */
  | FormProblem
  | { ok: false; message: string; field?: undefined };

/** A field's problem: English, and for a relay line its catalog key (ui/forms/field-errors.ts). */
export interface FormProblem {
  ok: false;
  message: string;
  text?: ErrorText;
  field: 'mintUrl' | 'relays';
}

/** The form's values as they would be stored, or the first problem and its field. */
export function checkSettingsForm(form: {
  mintUrl: string;
  relaysText: string;
}): { ok: true; mintUrl: string; relays: string[] } | FormProblem {
  const mintProblem = mintUrlProblem(form.mintUrl);
  if (mintProblem) return { ok: false, message: mintProblem, field: 'mintUrl' };
  const relays = parseRelayLines(form.relaysText);
  const relayProblem = relaysProblemWords(relays);
  if (typeof relayProblem === 'string')
    return { ok: false, message: relayProblem, field: 'relays' };
  if (relayProblem) return { ok: false, ...relayProblem, field: 'relays' };
  return { ok: true, mintUrl: normaliseMintInput(form.mintUrl), relays };
}

export interface SaveSettingsDeps {
  config: Pick<ConfigStore, 'saveSettings'>;
  inbox: Pick<RemotePaymentInbox, 'restart'>;
  logger: Logger;
  /** the screen's language for the failure message; English when omitted */
  t?: Translate;
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
  const checked = checkSettingsForm(form);
  if (!checked.ok) return checked;
  const { mintUrl, relays } = checked;
  try {
    await deps.config.saveSettings({ mintUrl, relays });
  } catch (error) {
    deps.logger.error('Could not save settings', error);
    return { ok: false, message: (deps.t ?? englishText)(SETTINGS_SAVE_FAILED) };
  }
  try {
    await deps.inbox.restart();
  } catch (error) {
    deps.logger.error('Could not restart the payment listener with the new relays', error);
  }
  return { ok: true, mintUrl, relays };
}
