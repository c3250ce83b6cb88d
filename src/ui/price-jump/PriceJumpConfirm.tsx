// The choice when the price source's price jumped, on the merchant's keypad and a cashier's page
// alike: the last and the new price side by side, "Use new price" or "Keep sats only"
// (docs/behaviour.md "Prices in the merchant's currency").
import { useId, useState } from 'react';
import { Button } from '../Button';
import { useFormats, useTexts } from '../i18n';
import {
  JUMP_LAST_LABEL,
  JUMP_NEXT_LABEL,
  JUMP_PRICE_LINE,
  JUMP_TEXT,
  JUMP_TITLE,
  KEEP_SATS_ONLY,
  USE_NEW_PRICE,
} from '../locales/price-jump/en.json';

/** A price and the source's time for it (ms). */
export interface JumpPoint {
  price: number;
  time: number;
}

export interface PriceJump {
  currency: string;
  source: string;
  percent: string;
  last: JumpPoint;
  next: JumpPoint;
}

export function PriceJumpConfirm({
  jump,
  onUse,
  onKeep,
}: {
  jump: PriceJump;
  onUse: () => Promise<void>;
  onKeep: () => Promise<void>;
}) {
  const t = useTexts();
  const formats = useFormats();
  const priceLine = (label: string, point: JumpPoint) =>
    t(JUMP_PRICE_LINE, {
      label,
      price: formats.number(point.price),
      currency: jump.currency,
      time: formats.time(point.time),
    });
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const answer = (choice: () => Promise<void>) => () => {
    setBusy(true);
    void choice().finally(() => setBusy(false));
  };
  return (
    <section
      role="group"
      aria-labelledby={titleId}
      data-testid="price-jump"
      className="space-y-2 rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <h2 id={titleId} className="font-semibold">
        {t(JUMP_TITLE)}
      </h2>
      <p>{t(JUMP_TEXT, { source: jump.source, percent: jump.percent })}</p>
      <p data-testid="price-jump-last" className="tabular-nums">
        {priceLine(t(JUMP_LAST_LABEL), jump.last)}
      </p>
      <p data-testid="price-jump-next" className="tabular-nums">
        {priceLine(t(JUMP_NEXT_LABEL), jump.next)}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" disabled={busy} onClick={answer(onKeep)}>
          {t(KEEP_SATS_ONLY)}
        </Button>
        <Button disabled={busy} onClick={answer(onUse)}>
          {t(USE_NEW_PRICE)}
        </Button>
      </div>
    </section>
  );
}
