// The chooser an item with options opens on a cart screen: one radio group per variant, a checkbox
// per modifier, the pick's price, then Add to cart; loaded only when such an item is tapped
// (docs/behaviour.md "Variants and modifiers").
import { useState } from 'react';
import { Button } from '../Button';
import { Modal } from '../Modal';
import { useFormats, useTexts } from '../i18n';
import { CART_SATS } from '../locales/cart/en.json';
import {
  OPTIONS_ADD,
  OPTIONS_CANCEL,
  OPTIONS_PRICE,
  OPTIONS_SOLD_OUT,
  OPTIONS_TITLE,
} from '../locales/options/en.json';
import type { ChoiceView, TileView } from './types';

export interface OptionsChooserProps {
  choice: ChoiceView;
  onAdd: (picks: string[]) => void;
  onClose: () => void;
}

/** Figures as text ("3.50 USD · 3,500 sats"); `signed` puts + or - in front of a change. */
function useFigures() {
  const t = useTexts();
  const formats = useFormats();
  return (figures: TileView['figures'], signed = false) => {
    const { sats, fiat } = figures;
    const value = fiat ? fiat.minor : (sats ?? 0);
    const sign = !signed ? '' : value < 0 ? '-' : '+';
    const abs = Math.abs(value);
    if (fiat) {
      const text = formats.fiat(abs, fiat.currency, fiat.decimals);
      const satsText =
        !signed && sats !== undefined
          ? t(CART_SATS, { count: sats, sats: formats.sats(sats) })
          : '';
      return [`${sign}${text}`, satsText].filter(Boolean).join(' · ');
    }
    return `${sign}${t(CART_SATS, { count: abs, sats: formats.sats(abs) })}`;
  };
}

export default function OptionsChooser({ choice, onAdd, onClose }: OptionsChooserProps) {
  const t = useTexts();
  const figures = useFigures();
  const [picks, setPicks] = useState<string[]>(choice.defaults);
  const price = choice.priceOf(picks);
  const soldOutPicked = choice.groups.some((g) =>
    g.choices.some((c) => c.soldOut && picks.includes(c.id)),
  );
  const toggle = (pick: 'one' | 'any', ids: readonly string[], id: string) =>
    setPicks((now) =>
      pick === 'one'
        ? [...now.filter((p) => !ids.includes(p)), id]
        : now.includes(id)
          ? now.filter((p) => p !== id)
          : [...now, id],
    );
  return (
    <Modal open onClose={onClose} title={t(OPTIONS_TITLE, { name: choice.name })}>
      <form
        className="flex flex-col gap-4"
        data-testid="options-chooser"
        onSubmit={(e) => {
          e.preventDefault();
          if (price && !soldOutPicked) onAdd(picks);
        }}
      >
        {choice.groups.map((group) => {
          const ids = group.choices.map((c) => c.id);
          return (
            <fieldset key={group.id} className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-semibold text-slate-900">{group.name}</legend>
              {group.choices.map((c) => {
                const change = c.delta.sats || c.delta.fiat?.minor ? figures(c.delta, true) : '';
                return (
                  <label
                    key={c.id}
                    className="flex min-h-11 items-center gap-2 text-sm text-slate-800"
                  >
                    <input
                      type={group.pick === 'one' ? 'radio' : 'checkbox'}
                      name={`options-${group.id}`}
                      checked={picks.includes(c.id)}
                      disabled={c.soldOut}
                      onChange={() => toggle(group.pick, ids, c.id)}
                    />
                    <span className="flex-1">
                      {c.soldOut ? t(OPTIONS_SOLD_OUT, { name: c.name }) : c.name}
                    </span>
                    {change ? <span className="text-slate-600 tabular-nums">{change}</span> : null}
                  </label>
                );
              })}
            </fieldset>
          );
        })}
        {price ? (
          <p className="text-sm font-medium text-slate-900" data-testid="options-price">
            {t(OPTIONS_PRICE, { price: figures(price) })}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={!price || soldOutPicked}>
            {t(OPTIONS_ADD)}
          </Button>
          <Button type="button" variant="outline" onClick={onClose}>
            {t(OPTIONS_CANCEL)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
