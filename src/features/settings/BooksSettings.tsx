// Settings: "Tax and receipts": the shop's address and tax number for the receipt, whether prices
// include tax by default, how tax is rounded and who may give discounts (docs/behaviour.md
// "Settings", decision 0064). A choice is saved as it is made, a text when its field is left (one
// Save per group is the shop's own); restored from the settings backup.
import { FieldError } from '../../ui/forms/FieldError';
import { useCallback, useId, useState, type ReactNode } from 'react';
import type { Logger } from '../../core/logger';
import {
  booksSettingsProblem,
  type BooksSettings,
  type BooksSettingsStore,
} from '../../core/settings/books-settings';
import { Card } from '../../ui/Card';
import { FIELD_CLASS } from '../../ui/forms/TextField';
import { useTexts } from '../../ui/i18n';
import { toast } from '../../ui/toast/toast';
import { useRead } from '../../ui/use-read';
import {
  BOOKS_ADDRESS,
  BOOKS_ADDRESS_TOO_LONG,
  BOOKS_DISCOUNTS,
  BOOKS_DISCOUNTS_ANYONE,
  BOOKS_DISCOUNTS_PIN,
  BOOKS_NOTE,
  BOOKS_PRICES_INCLUDE_TAX,
  BOOKS_ROUND_LINE,
  BOOKS_ROUND_RECEIPT,
  BOOKS_ROUNDING,
  BOOKS_SAVE_FAILED,
  BOOKS_SAVED,
  BOOKS_TAX_NUMBER,
  BOOKS_TAX_NUMBER_TOO_LONG,
  BOOKS_TITLE,
} from './locales/settings/en.json';
import { CheckboxField } from '../../ui/forms/CheckboxField';

export interface BooksSettingsCardProps {
  store: BooksSettingsStore;
  logger: Logger;
  /** after each save: the paired cashiers learn whether they may give discounts */
  onSaved?: () => void;
}

/** What a field too long says, by the problem core/settings/books-settings.ts finds. */
const PROBLEM_TEXT: Record<NonNullable<ReturnType<typeof booksSettingsProblem>>, string> = {
  'address-too-long': BOOKS_ADDRESS_TOO_LONG,
  'tax-number-too-long': BOOKS_TAX_NUMBER_TOO_LONG,
};

export function BooksSettingsCard({ store, logger, onSaved }: BooksSettingsCardProps) {
  const t = useTexts();
  const titleId = useId();
  const [draft, setDraft] = useState<BooksSettings>();
  const [saving, setSaving] = useState(false);
  const read = useCallback(() => store.get(), [store]);
  useRead(read, setDraft, (error) => logger.error('Could not read the tax settings', error));
  if (!draft) return null;
  const problem = booksSettingsProblem(draft);
  const set = (part: Partial<BooksSettings>) => setDraft({ ...draft, ...part });
  const choose = (part: Partial<BooksSettings>) => {
    const next = { ...draft, ...part };
    setDraft(next);
    void save(next);
  };

  const save = async (next: BooksSettings) => {
    if (booksSettingsProblem(next)) return;
    setSaving(true);
    try {
      await store.set(next);
      setDraft(await store.get());
      onSaved?.();
      toast.success(t(BOOKS_SAVED));
    } catch (error) {
      logger.error('Saving the tax settings failed', error);
      toast.error(t(BOOKS_SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card titleId={titleId} title={t(BOOKS_TITLE)} note={t(BOOKS_NOTE)}>
      <BooksField label={t(BOOKS_ADDRESS)}>
        <textarea
          className={FIELD_CLASS}
          rows={2}
          value={draft.address}
          onChange={(e) => set({ address: e.target.value })}
          onBlur={() => void save(draft)}
        />
      </BooksField>
      <BooksField label={t(BOOKS_TAX_NUMBER)}>
        <input
          className={FIELD_CLASS}
          value={draft.taxNumber}
          onChange={(e) => set({ taxNumber: e.target.value })}
          onBlur={() => void save(draft)}
        />
      </BooksField>
      {problem ? <FieldError>{t(PROBLEM_TEXT[problem])}</FieldError> : null}
      <CheckboxField
        label={t(BOOKS_PRICES_INCLUDE_TAX)}
        checked={draft.pricesIncludeTax}
        disabled={saving}
        onChange={(pricesIncludeTax) => choose({ pricesIncludeTax })}
      />
      <BooksChoice of={ROUNDING} value={draft.taxRounding} busy={saving} onChoose={choose} />
      <BooksChoice of={DISCOUNTS} value={draft.discounts} busy={saving} onChoose={choose} />
    </Card>
  );
}

function BooksField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="flex flex-col gap-1 text-sm text-slate-700">
      {label}
      {children}
    </label>
  );
}

/** A choice of the card: its options' texts by value, and the setting a chosen value makes. */
interface Choice<K extends 'taxRounding' | 'discounts'> {
  label: string;
  options: Record<BooksSettings[K], string>;
  part: (value: string) => Pick<BooksSettings, K>;
}

const ROUNDING: Choice<'taxRounding'> = {
  label: BOOKS_ROUNDING,
  options: { line: BOOKS_ROUND_LINE, receipt: BOOKS_ROUND_RECEIPT },
  part: (value) => ({ taxRounding: value === 'receipt' ? 'receipt' : 'line' }),
};

const DISCOUNTS: Choice<'discounts'> = {
  label: BOOKS_DISCOUNTS,
  options: { anyone: BOOKS_DISCOUNTS_ANYONE, pin: BOOKS_DISCOUNTS_PIN },
  part: (value) => ({ discounts: value === 'pin' ? 'pin' : 'anyone' }),
};

/** A choice saved as it is made. */
function BooksChoice<K extends 'taxRounding' | 'discounts'>({
  of,
  value,
  busy,
  onChoose,
}: {
  of: Choice<K>;
  value: BooksSettings[K];
  busy: boolean;
  onChoose: (part: Pick<BooksSettings, K>) => void;
}) {
  const t = useTexts();
  return (
    <BooksField label={t(of.label)}>
      <select
        className={FIELD_CLASS}
        value={value}
        disabled={busy}
        onChange={(e) => onChoose(of.part(e.target.value))}
      >
        {Object.entries<string>(of.options).map(([option, text]) => (
          <option key={option} value={option}>
            {t(text)}
          </option>
        ))}
      </select>
    </BooksField>
  );
}
