// A Settings card that is itself a form, named by its title: a note, the box that turns the
// setting on, its fields and Save (automatic cash-out, ecash taken offline).
import type { ReactNode } from 'react';
import type { Logger } from '../../core/logger';
import { Button } from '../../ui/Button';
import { cardClasses } from '../../ui/Card';
import { CheckboxField } from '../../ui/forms/CheckboxField';
import { Form } from '../../ui/forms/Form';

const CARD = cardClasses('ring', 4);

/** What such a card is given: where the setting is kept, the logger, and the PIN gate. */
export interface SettingsFormProps<Store> {
  store: Store;
  logger: Logger;
  /** Asks for the merchant PIN before saving, when the gate is closed (ui/pin/pin-gate.tsx). */
  guard?: (action: () => void) => void;
}

const unguarded = (action: () => void) => action();

export function SettingsFormCard({
  titleId,
  title,
  note,
  enable,
  saveLabel,
  saving,
  onSave,
  guard = unguarded,
  children,
}: {
  /** id of the <h2>, which names the form */
  titleId: string;
  title: string;
  note: string;
  /** the box that turns the setting on */
  enable: { label: string; checked: boolean; onChange: (checked: boolean) => void };
  saveLabel: string;
  saving: boolean;
  /** checks and saves the form, once the PIN gate let it */
  onSave: () => Promise<void>;
  guard?: SettingsFormProps<unknown>['guard'] | undefined;
  children: ReactNode;
}) {
  return (
    <Form
      aria-labelledby={titleId}
      className={CARD.card}
      onSubmit={() => guard(() => void onSave())}
    >
      <h2 id={titleId} className={CARD.title}>
        {title}
      </h2>
      <p className="text-sm text-slate-600">{note}</p>
      <CheckboxField {...enable} inForm />
      {children}
      <div className="flex justify-end">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saveLabel}
        </Button>
      </div>
    </Form>
  );
}
