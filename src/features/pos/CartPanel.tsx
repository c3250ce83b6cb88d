// The cart beside the item grid: lines with quantities, a custom amount, totals with tax lines in
// sats and the display currency, park/recall, and Charge with the tip step when tips are on
// (docs/behaviour.md "Items, cart and tips").
import { useState } from 'react';
import { priceCart, type PriceUsed, type TipChoice } from '../../core/items/cart';
import { fiatRecordFor, formatFiatRecord, trySatsToFiatMinor } from '../../core/prices/convert';
import { currencyDecimals } from '../../core/prices/currencies';
import type { SaleDetail } from '../../core/sale/sale-detail';
import { saleDetailOf } from '../../core/items/cart';
import { Button } from '../../ui/Button';
import { formatSats } from '../../ui/format-sats';
import * as T from './cart-texts';
import type { CartState } from './use-cart';

const TIP_PERCENTS = [5, 10, 15] as const;

function fiatOf(sats: number, used: PriceUsed | undefined): string | undefined {
  if (
    !used ||
    trySatsToFiatMinor(sats, used.price, currencyDecimals(used.currency)) === undefined
  ) {
    return undefined;
  }
  return formatFiatRecord(fiatRecordFor(sats, used.currency, used.price));
}

function Amount({
  sats,
  used,
  testId,
}: {
  sats: number;
  used: PriceUsed | undefined;
  testId?: string;
}) {
  const fiat = fiatOf(sats, used);
  return (
    <span className="text-right tabular-nums" data-testid={testId} data-sats={sats}>
      {formatSats(sats)} sats
      {fiat ? <span className="block text-xs text-slate-600">{fiat}</span> : null}
    </span>
  );
}

export interface CartPanelProps {
  cart: CartState;
  priceUsed: PriceUsed | undefined;
  /** creates the one invoice for the total, with the sale's record */
  onCharge: (amount: number, sale: SaleDetail) => void;
  busy: boolean;
}

export function CartPanel({ cart, priceUsed, onCharge, busy }: CartPanelProps) {
  const [custom, setCustom] = useState('');
  const [basket, setBasket] = useState('');
  const [tipStep, setTipStep] = useState(false);
  const [tip, setTip] = useState<TipChoice>({ kind: 'none' });
  const [customTip, setCustomTip] = useState('');
  const pricing = priceCart(cart.lines, priceUsed, tipStep ? tip : { kind: 'none' });
  const totals = pricing.ok ? pricing.totals : undefined;
  const taxRates = [
    ...new Set(cart.lines.map((l) => l.taxRatePercent).filter((r): r is number => !!r)),
  ];

  const charge = () => {
    if (!totals) return;
    if (cart.tipsEnabled && !tipStep) {
      setTip({ kind: 'none' });
      setCustomTip('');
      setTipStep(true);
      return;
    }
    setTipStep(false);
    onCharge(totals.totalSats, saleDetailOf(totals, 'lightning'));
  };
  const addCustom = () => {
    const sats = Number(custom);
    if (Number.isSafeInteger(sats) && sats > 0) {
      cart.addCustom(sats);
      setCustom('');
    }
  };
  const tipButton = (label: string, choice: TipChoice) => {
    const pressed =
      tip.kind === choice.kind &&
      (choice.kind !== 'percent' || (tip.kind === 'percent' && tip.percent === choice.percent));
    return (
      <Button
        key={label}
        variant={pressed ? 'primary' : 'outline'}
        aria-pressed={pressed}
        onClick={() => setTip(choice)}
      >
        {label}
      </Button>
    );
  };

  return (
    <section
      aria-labelledby="cart-title"
      className="flex flex-col gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200"
    >
      <h2 id="cart-title" className="text-lg font-semibold text-slate-900">
        {T.CART_TITLE}
      </h2>
      {cart.lines.length === 0 ? (
        <p className="text-sm text-slate-600">{T.CART_EMPTY_TEXT}</p>
      ) : null}
      <ul className="flex flex-col gap-2" data-testid="cart-lines">
        {cart.lines.map((line) => {
          const priced = totals?.lines.find((l) => l.lineId === line.id);
          return (
            <li
              key={line.id}
              className="flex items-center gap-2"
              data-testid="cart-line"
              data-name={line.name}
            >
              <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{line.name}</span>
              <Button
                size="sm"
                variant="outline"
                aria-label={T.lessLabel(line.name)}
                onClick={() => cart.setQuantity(line.id, line.quantity - 1)}
              >
                −
              </Button>
              <input
                className="h-8 w-12 rounded border border-slate-300 text-center text-sm tabular-nums"
                inputMode="numeric"
                aria-label={T.quantityLabel(line.name)}
                value={line.quantity}
                onChange={(e) => {
                  const q = Number(e.target.value);
                  if (Number.isSafeInteger(q) && q >= 1) cart.setQuantity(line.id, q);
                }}
              />
              <Button
                size="sm"
                variant="outline"
                aria-label={T.moreLabel(line.name)}
                onClick={() => cart.setQuantity(line.id, line.quantity + 1)}
              >
                +
              </Button>
              {priced ? <Amount sats={priced.lineSats} used={priceUsed} /> : null}
            </li>
          );
        })}
      </ul>
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          addCustom();
        }}
      >
        <label className="flex flex-1 flex-col text-sm text-slate-700">
          {T.CUSTOM_LABEL}
          <input
            className="h-11 rounded-lg border border-slate-300 px-3 tabular-nums"
            inputMode="numeric"
            value={custom}
            onChange={(e) => setCustom(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={!custom}>
          {T.ADD_CUSTOM_TEXT}
        </Button>
      </form>

      {pricing.ok === false && pricing.problem !== 'empty' ? (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {pricing.problem === 'no-price' ? T.NO_PRICE_TEXT : T.TOO_LARGE_TEXT}
        </p>
      ) : null}
      {totals ? (
        <dl
          className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm text-slate-800"
          data-testid="cart-totals"
        >
          <dt>{T.SUBTOTAL_TEXT}</dt>
          <dd>
            <Amount sats={totals.subtotalSats} used={priceUsed} testId="cart-subtotal" />
          </dd>
          {taxRates.map((rate) => (
            <div key={rate} className="contents">
              <dt>{T.taxLine(rate)}</dt>
              <dd>
                <Amount
                  sats={totals.lines
                    .filter((l) => l.taxRatePercent === rate)
                    .reduce((s, l) => s + l.taxSats, 0)}
                  used={priceUsed}
                />
              </dd>
            </div>
          ))}
          {tipStep ? (
            <>
              <dt>{T.TIP_TEXT}</dt>
              <dd>
                <Amount sats={totals.tipSats} used={priceUsed} testId="cart-tip" />
              </dd>
            </>
          ) : null}
          <dt className="font-semibold">{T.TOTAL_TEXT}</dt>
          <dd className="font-semibold">
            <Amount sats={totals.totalSats} used={priceUsed} testId="cart-total" />
          </dd>
        </dl>
      ) : null}

      {tipStep ? (
        <fieldset className="flex flex-col gap-2" data-testid="tip-step">
          <legend className="text-base font-semibold text-slate-900">{T.TIP_TITLE}</legend>
          <div className="flex flex-wrap gap-2">
            {tipButton(T.NO_TIP_TEXT, { kind: 'none' })}
            {TIP_PERCENTS.map((p) => tipButton(`${p} %`, { kind: 'percent', percent: p }))}
          </div>
          <label className="flex flex-col text-sm text-slate-700">
            {T.CUSTOM_TIP_LABEL}
            <input
              className="h-11 rounded-lg border border-slate-300 px-3 tabular-nums"
              inputMode="numeric"
              value={customTip}
              onChange={(e) => {
                const text = e.target.value.replace(/\D/g, '');
                setCustomTip(text);
                setTip(text ? { kind: 'sats', sats: Number(text) } : { kind: 'none' });
              }}
            />
          </label>
        </fieldset>
      ) : null}

      <div className="flex gap-2">
        {tipStep ? (
          <Button variant="outline" onClick={() => setTipStep(false)}>
            {T.BACK_TEXT}
          </Button>
        ) : (
          <Button variant="outline" onClick={cart.clear} disabled={cart.lines.length === 0 || busy}>
            {T.CLEAR_TEXT}
          </Button>
        )}
        <Button
          className="flex-1"
          size="lg"
          onClick={charge}
          disabled={!totals || busy}
          data-testid="cart-charge"
        >
          {totals ? T.chargeSats(totals.totalSats) : T.CHARGE_TEXT}
        </Button>
      </div>

      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void cart.park(basket.trim() || T.defaultBasketName(cart.parked.length + 1));
          setBasket('');
        }}
      >
        <label className="flex flex-1 flex-col text-sm text-slate-700">
          {T.PARK_LABEL}
          <input
            className="h-11 rounded-lg border border-slate-300 px-3"
            value={basket}
            onChange={(e) => setBasket(e.target.value)}
          />
        </label>
        <Button type="submit" variant="outline" disabled={cart.lines.length === 0 || busy}>
          {T.PARK_TEXT}
        </Button>
      </form>
      {cart.parked.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{T.PARKED_TITLE}</h3>
          <ul className="mt-1 flex flex-wrap gap-2">
            {cart.parked.map((basketRow) => (
              <li key={basketRow.id}>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={T.recallLabel(basketRow.label ?? '')}
                  onClick={() => void cart.recall(basketRow.id)}
                >
                  {basketRow.label}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
