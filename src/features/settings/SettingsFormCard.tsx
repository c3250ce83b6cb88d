// A Settings card that is itself a form, named by its title: a note, the box that turns the
// setting on, its fields and Save (automatic cash-out, ecash taken offline).
import type { ReactNode } from 'react';
import type { Logger } from '../../core/logger';
import { Button } from '../../ui/Button';
import { cardClasses } from '../../ui/Card';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { Form } from '../../ui/forms/Form';
import { useTexts, type CatalogText } from '../../ui/i18n';

const CARD = cardClasses('ring', 4);

/** What such a card is given: where the setting is kept, the logger, and the PIN gate. */
export interface SettingsFormProps<Store> {
  store: Store;
  logger: Logger;
  /** Asks for the merchant PIN before saving, when the gate is closed (ui/pin/pin-gate.tsx). */
  guard?: (action: () => void) => void;
}

const unguarded = (action: () => void) => action();

/** The card's words, catalog texts: its title, the note under it, the on/off box and Save. */
export interface SettingsFormWords {
  title: CatalogText;
  note: CatalogText;
  enable: CatalogText;
  save: CatalogText;
}

export function SettingsFormCard({
  titleId,
  words,
  enabled,
  onEnabled,
  saving,
  onSave,
  guard = unguarded,
  children,
}: {
  /** id of the <h2>, which names the form */
  titleId: string;
  words: SettingsFormWords;
  /** the box that turns the setting on */
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  saving: boolean;
  /** checks and saves the form, once the PIN gate let it */
  onSave: () => Promise<void>;
  guard?: SettingsFormProps<unknown>['guard'] | undefined;
  children: ReactNode;
}) {
  const t = useTexts();
  return (
    <Form
      aria-labelledby={titleId}
      className={CARD.card}
      onSubmit={() => guard(() => void onSave())}
    >
      <h2 id={titleId} className={CARD.title}>
        {t(words.title)}
      </h2>
      <p className="text-sm text-slate-600">{t(words.note)}</p>
      <CheckboxField label={t(words.enable)} checked={enabled} onChange={onEnabled} inForm />
      {children}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {t(words.save)}
        </Button>
      </div>
    </Form>
  );
}
