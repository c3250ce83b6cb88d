// A small reminder on the wallet screen while the recovery phrase was never checked: a link to
// the check in Settings and "Remind me tomorrow" (docs/behaviour.md, "Wallet").
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  REMINDER_PAUSE_MS,
  reminderDue,
  type PhraseCheckStore,
} from '../../core/keys/phrase-check';
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import type { KeyStore } from '../../core/keys/ports';
import { Button } from '../../ui/Button';

import { useTexts } from '../../ui/i18n';
import {
  PHRASE_REMINDER_CHECK,
  PHRASE_REMINDER_LATER,
  PHRASE_REMINDER_TEXT,
} from './locales/wallet/en.json';

export function PhraseReminder({
  phraseCheck,
  keys,
  clock,
  logger,
}: {
  phraseCheck: PhraseCheckStore;
  keys: Pick<KeyStore, 'getMnemonic'>;
  clock: Clock;
  logger: Logger;
}) {
  const t = useTexts();
  const [due, setDue] = useState(false);

  useEffect(() => {
    let active = true;
    Promise.all([keys.getMnemonic(), phraseCheck.isConfirmed(), phraseCheck.reminderHiddenUntil()])
      .then(([phrase, confirmed, hiddenUntil]) => {
        if (active) {
          setDue(reminderDue({ hasPhrase: Boolean(phrase), confirmed, hiddenUntil, now: clock() }));
        }
      })
      .catch((error: unknown) => logger.warn('Could not read the recovery phrase state', error));
    return () => {
      active = false;
    };
  }, [phraseCheck, keys, clock, logger]);

  if (!due) return null;
  return (
    <aside
      data-testid="phrase-reminder"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-amber-900">{t(PHRASE_REMINDER_TEXT)}</p>
      {/* Wrapped rather than squeezed: a longer language's two buttons do not fit a phone's row. */}
      <div className="flex shrink-0 flex-wrap gap-2">
        <Link
          to="/settings#phrase-check"
          className="inline-flex min-h-11 items-center rounded-lg bg-violet-700 px-4 py-2 font-medium text-white hover:bg-violet-800"
        >
          {t(PHRASE_REMINDER_CHECK)}
        </Link>
        <Button
          variant="ghost"
          onClick={() => {
            setDue(false);
            phraseCheck
              .hideReminderUntil(clock() + REMINDER_PAUSE_MS)
              .catch((error: unknown) => logger.warn('Could not put the reminder off', error));
          }}
        >
          {t(PHRASE_REMINDER_LATER)}
        </Button>
      </div>
    </aside>
  );
}
