// The choice when the price source's price jumped, on the merchant's keypad and a cashier's page
// alike: the last and the new price side by side, "Use new price" or "Keep sats only"
// (docs/behaviour.md "Prices in the merchant's currency").
import { useId, useState } from 'react';
import { Button } from '../Button';
import {
  JUMP_LAST_LABEL,
  JUMP_NEXT_LABEL,
  JUMP_TITLE,
  KEEP_SATS_ONLY,
  USE_NEW_PRICE,
} from './texts.json';
import { jumpPriceLine, jumpText } from './texts';

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

export function clockTime(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
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
        {JUMP_TITLE}
      </h2>
      <p>{jumpText(jump.source, jump.percent)}</p>
      <p data-testid="price-jump-last" className="tabular-nums">
        {jumpPriceLine(JUMP_LAST_LABEL, jump.last.price, jump.currency, clockTime(jump.last.time))}
      </p>
      <p data-testid="price-jump-next" className="tabular-nums">
        {jumpPriceLine(JUMP_NEXT_LABEL, jump.next.price, jump.currency, clockTime(jump.next.time))}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" disabled={busy} onClick={answer(onKeep)}>
          {KEEP_SATS_ONLY}
        </Button>
        <Button disabled={busy} onClick={answer(onUse)}>
          {USE_NEW_PRICE}
        </Button>
      </div>
    </section>
  );
}
