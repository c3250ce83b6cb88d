// The cart beside the item grid: lines with quantities, a custom amount, totals with tax lines in
// sats and the display currency (or in the till's fiat unit alone), park/recall, and Charge with
// the tip step when tips are on (docs/behaviour.md "Items, cart and tips").
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../Button';
import { Form } from '../forms/Form';
import { useWords, type Translate } from '../i18n';
import {
  CART_ADD_CUSTOM,
  CART_BACK,
  CART_BASKET_NAME,
  CART_CHARGE,
  CART_CHARGE_SATS,
  CART_CHARGE_AMOUNT,
  CART_CLEAR,
  CART_CUSTOM_LABEL,
  CART_CUSTOM_LABEL_IN,
  CART_CUSTOM_TIP_LABEL,
  CART_CUSTOM_TIP_LABEL_IN,
  CART_CART_DISCOUNT,
  CART_DISCOUNT,
  CART_DISCOUNT_OFF,
  CART_DISCOUNT_OFF_AMOUNT,
  CART_LINE_DISCOUNT,
  CART_EMPTY,
  CART_LESS,
  CART_MORE,
  CART_NO_PRICE,
  CART_NO_RATE,
  CART_NO_RATE_SHOP,
  CART_TILL_OTHER_CURRENCY,
  CART_OTHER_CURRENCY,
  CART_SATS_ONLY_SHOP,
  CART_NO_TIP,
  CART_PARK,
  CART_PARKED_TITLE,
  CART_PARKED_BY,
  CART_PARKED_BY_OWNER,
  CART_PARK_LABEL,
  CART_QUANTITY,
  CART_RECALL,
  CART_SATS,
  CART_SUBTOTAL,
  CART_TAX_LINE,
  CART_TIP,
  CART_TIP_TITLE,
  CART_TITLE,
  CART_TOO_LARGE,
  CART_TOTAL,
} from '../locales/cart/en.json';
import { amountFromText } from '../domain-views';
import { useLineName } from './line-name';
import type {
  AmountView,
  BasketView,
  CartDiscounts,
  CartUnitView,
  Discount,
  SummaryView,
  TipPick,
} from './types';

// Loaded when a discount is opened: most sales give none.
const DiscountDialog = lazy(() => import('./DiscountDialog'));

/** What the discount dialog is open for: a line (its id) or the whole cart. */
interface DiscountTarget {
  lineId?: string;
  title: string;
  current?: Discount;
}

const TIP_PERCENTS = [5, 10, 15] as const;

/**
 * Why the cart cannot be charged. A line priced in a currency the shop does not show has no
 * price until the merchant changes one of the two (issue 48); waiting would not help, so the
 * text says what to change. The shop's own currency without a price: prices still loading.
 */
function problemText(summary: SummaryView, t: Translate): string {
  if (summary.problem === 'too-large') return t(CART_TOO_LARGE);
  const currency = summary.problemCurrency;
  const shop = summary.shopCurrency;
  // A till charging in a fiat unit (docs/decisions/0089-sat-prices-in-a-fiat-till.md): another
  // currency is refused by name; sats need the price of the till's currency.
  const unit = summary.unit?.currency ?? '';
  if (summary.problem === 'other-currency') {
    return t(CART_TILL_OTHER_CURRENCY, { currency: currency ?? '', unit });
  }
  if (summary.problem === 'no-rate') {
    return shop === undefined || shop === unit
      ? t(CART_NO_RATE, { currency: unit })
      : t(CART_NO_RATE_SHOP, { currency: unit });
  }
  if (currency && shop === null) return t(CART_SATS_ONLY_SHOP, { currency });
  if (currency && shop && shop !== currency) return t(CART_OTHER_CURRENCY, { currency, shop });
  return t(CART_NO_PRICE);
}

/** `text` as minor units of `unit` ("1.50" is 150 cents), or whole sats without one. */
function typedAmount(text: string, unit: CartUnitView | undefined): number | undefined {
  const n = unit ? amountFromText(text, unit.unit)?.minor : Number(text);
  return n !== undefined && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** What a field for an amount keeps of a keystroke: digits, and one separator in a fiat unit. */
function amountChars(text: string, unit: CartUnitView | undefined): string {
  return unit ? text.replace(/[^\d.,]/g, '') : text.replace(/\D/g, '');
}

function Amount({ amount, testId }: { amount: AmountView; testId?: string }) {
  const { t, formats } = useWords();
  const figures = amount.fiatFigures;
  const fiat = figures
    ? formats.fiat(figures.minor, figures.currency, figures.decimals)
    : amount.fiat;
  if (amount.inUnit) {
    // A cart in the till's fiat unit: its amount alone, no sats (decision 0089).
    return (
      <span className="text-right tabular-nums" data-testid={testId} data-minor={amount.sats}>
        {fiat}
      </span>
    );
  }
  return (
    <span className="text-right tabular-nums" data-testid={testId} data-sats={amount.sats}>
      {t(CART_SATS, { count: amount.sats, sats: formats.sats(amount.sats) })}
      {fiat ? <span className="block text-xs text-slate-600">{fiat}</span> : null}
    </span>
  );
}

/** One line of the totals: what it is, then its amount. */
interface TotalRowProps {
  label: string;
  amount: AmountView;
  testId?: string;
  className?: string;
}

function TotalRow({ label, amount, testId, className }: TotalRowProps) {
  return (
    <>
      <dt className={className}>{label}</dt>
      <dd className={className}>
        <Amount amount={amount} testId={testId} />
      </dd>
    </>
  );
}

export interface CartPanelProps {
  /** the cart's lines and totals with this tip (core/items/cart-view.ts cartSummary) */
  summaryFor: (tip: TipPick) => SummaryView;
  tipsEnabled: boolean;
  parked: readonly BasketView[];
  busy: boolean;
  onQuantity: (lineId: string, quantity: number) => void;
  onAddCustom: (sats: number) => void;
  onClear: () => void;
  onPark: (label: string) => void;
  onRecall: (id: string) => void;
  /** creates the one invoice for the total with this tip */
  onCharge: (tip: TipPick) => void;
  /** omitted: this till gives no discounts */
  discounts?: CartDiscounts;
}

export function CartPanel({
  summaryFor,
  tipsEnabled,
  parked,
  busy,
  onQuantity,
  onAddCustom,
  onClear,
  onPark,
  onRecall,
  onCharge,
  discounts,
}: CartPanelProps) {
  const { t, formats } = useWords();
  const [custom, setCustom] = useState('');
  const [basket, setBasket] = useState('');
  const [tipStep, setTipStep] = useState(false);
  const [tip, setTip] = useState<TipPick>({ kind: 'none' });
  const [customTip, setCustomTip] = useState('');
  const [discountFor, setDiscountFor] = useState<DiscountTarget | null>(null);
  const openDiscount = (target: DiscountTarget) => discounts?.ask(() => setDiscountFor(target));
  const summary = summaryFor(tipStep ? tip : { kind: 'none' });
  // Charge stays on screen while the choices it opens may be out of view (below the grid on a
  // phone, under many lines in the cart column): they are brought into view as they open.
  const tipRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (tipStep) tipRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [tipStep]);
  const { totals, lines, unit } = summary;
  const nameOf = useLineName();
  const inUnit = (minor: number) =>
    unit ? formats.fiat(minor, unit.currency, unit.decimals) : String(minor);

  const charge = () => {
    if (!totals) return;
    if (tipsEnabled && !tipStep) {
      setTip({ kind: 'none' });
      setCustomTip('');
      setTipStep(true);
      return;
    }
    setTipStep(false);
    onCharge(tipStep ? tip : { kind: 'none' });
  };
  const addCustom = () => {
    const amount = typedAmount(custom, unit);
    if (amount !== undefined) {
      onAddCustom(amount);
      setCustom('');
    }
  };
  const tipButton = (label: string, choice: TipPick) => {
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
      // From md the cart is a column of its own height, scrolled inside, Charge pinned to its
      // bottom; on a phone Charge is pinned to the screen's bottom (docs/behaviour.md "Layouts").
      className="flex flex-col gap-3 rounded-xl bg-white p-3 ring-1 ring-slate-200 md:col-start-2 md:row-span-4 md:row-start-1 md:min-h-0 md:overflow-y-auto"
      data-testid="cart-panel"
    >
      <h2 id="cart-title" className="text-lg font-semibold text-slate-900">
        {t(CART_TITLE)}
      </h2>
      {lines.length === 0 ? <p className="text-sm text-slate-600">{t(CART_EMPTY)}</p> : null}
      <ul className="flex flex-col gap-2" data-testid="cart-lines">
        {lines.map((line) => (
          // The controls (together) wrap below the name where the cart is too narrow for one row.
          <li
            key={line.id}
            className="flex flex-wrap items-center gap-2"
            data-testid="cart-line"
            data-name={line.name}
          >
            <span className="min-w-32 flex-1 truncate text-sm text-slate-900">
              {nameOf(line)}
              {line.discountSats ? (
                <span className="block text-xs text-slate-600" data-testid="cart-line-discount">
                  {unit
                    ? t(CART_DISCOUNT_OFF_AMOUNT, { amount: inUnit(line.discountSats) })
                    : t(CART_DISCOUNT_OFF, {
                        count: line.discountSats,
                        sats: formats.sats(line.discountSats),
                      })}
                  {line.discount?.reason ? ` · ${line.discount.reason}` : ''}
                </span>
              ) : null}
            </span>
            <div className="flex shrink-0 items-center gap-2">
              {discounts ? (
                <Button
                  variant={line.discount ? 'secondary' : 'outline'}
                  className="w-11 shrink-0 px-0"
                  aria-label={t(CART_LINE_DISCOUNT, { name: nameOf(line) })}
                  disabled={busy}
                  onClick={() =>
                    openDiscount({
                      lineId: line.id,
                      title: t(CART_LINE_DISCOUNT, { name: nameOf(line) }),
                      ...(line.discount ? { current: line.discount } : {}),
                    })
                  }
                >
                  %
                </Button>
              ) : null}
              <Button
                variant="outline"
                className="w-11 shrink-0 px-0"
                aria-label={t(CART_LESS, { name: nameOf(line) })}
                disabled={busy}
                onClick={() => onQuantity(line.id, line.quantity - 1)}
              >
                −
              </Button>
              <input
                className="h-11 w-12 shrink-0 rounded border border-slate-300 text-center text-sm tabular-nums"
                inputMode="numeric"
                aria-label={t(CART_QUANTITY, { name: nameOf(line) })}
                value={line.quantity}
                disabled={busy}
                onChange={(e) => {
                  const q = Number(e.target.value);
                  if (Number.isSafeInteger(q) && q >= 1) onQuantity(line.id, q);
                }}
              />
              <Button
                variant="outline"
                className="w-11 shrink-0 px-0"
                aria-label={t(CART_MORE, { name: nameOf(line) })}
                disabled={busy}
                onClick={() => onQuantity(line.id, line.quantity + 1)}
              >
                +
              </Button>
            </div>
            {line.amount ? (
              <span className="ml-auto">
                <Amount amount={line.amount} />
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <OneFieldForm
        label={unit ? t(CART_CUSTOM_LABEL_IN, { currency: unit.currency }) : t(CART_CUSTOM_LABEL)}
        value={custom}
        onChange={(value) => setCustom(amountChars(value, unit))}
        numeric={unit ? 'decimal' : 'numeric'}
        submit={t(CART_ADD_CUSTOM)}
        variant="secondary"
        disabled={!custom || busy}
        onSubmit={addCustom}
      />

      {summary.problem ? (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {problemText(summary, t)}
        </p>
      ) : null}
      {totals ? (
        <dl
          className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm text-slate-800"
          data-testid="cart-totals"
        >
          <TotalRow label={t(CART_SUBTOTAL)} amount={totals.subtotal} testId="cart-subtotal" />
          {totals.discount ? (
            <TotalRow label={t(CART_DISCOUNT)} amount={totals.discount} testId="cart-discount" />
          ) : null}
          {totals.taxes.map(({ rate, amount }) => (
            <div key={rate} className="contents">
              <TotalRow label={t(CART_TAX_LINE, { rate: formats.number(rate) })} amount={amount} />
            </div>
          ))}
          {tipStep ? <TotalRow label={t(CART_TIP)} amount={totals.tip} testId="cart-tip" /> : null}
          <TotalRow
            label={t(CART_TOTAL)}
            amount={totals.total}
            testId="cart-total"
            className="font-semibold"
          />
        </dl>
      ) : null}

      {discounts && lines.length > 0 && !tipStep ? (
        <Button
          variant={discounts.cart ? 'secondary' : 'outline'}
          // In the laptop layout's scrolling column a flex item may not shrink below its height.
          className="shrink-0"
          disabled={busy}
          onClick={() =>
            openDiscount({
              title: t(CART_CART_DISCOUNT),
              ...(discounts.cart ? { current: discounts.cart } : {}),
            })
          }
        >
          {t(CART_CART_DISCOUNT)}
        </Button>
      ) : null}
      {discounts && discountFor ? (
        <Suspense fallback={null}>
          <DiscountDialog
            title={discountFor.title}
            {...(unit ? { unit } : {})}
            {...(discountFor.current ? { current: discountFor.current } : {})}
            onApply={(discount) =>
              discountFor.lineId
                ? discounts.onLine(discountFor.lineId, discount)
                : discounts.onCart(discount)
            }
            onClose={() => setDiscountFor(null)}
          />
        </Suspense>
      ) : null}

      {tipStep ? (
        <fieldset ref={tipRef} className="flex flex-col gap-2" data-testid="tip-step">
          <legend className="text-base font-semibold text-slate-900">{t(CART_TIP_TITLE)}</legend>
          <div className="flex flex-wrap gap-2">
            {tipButton(t(CART_NO_TIP), { kind: 'none' })}
            {TIP_PERCENTS.map((p) => tipButton(`${p} %`, { kind: 'percent', percent: p }))}
          </div>
          <label className="flex flex-col text-sm text-slate-700">
            {unit
              ? t(CART_CUSTOM_TIP_LABEL_IN, { currency: unit.currency })
              : t(CART_CUSTOM_TIP_LABEL)}
            <input
              className="h-11 rounded-lg border border-slate-300 px-3 tabular-nums"
              inputMode={unit ? 'decimal' : 'numeric'}
              value={customTip}
              onChange={(e) => {
                const text = amountChars(e.target.value, unit);
                setCustomTip(text);
                // A tip in a fiat till is in its unit, as every amount of the cart.
                const amount = typedAmount(text, unit);
                setTip(amount !== undefined ? { kind: 'sats', sats: amount } : { kind: 'none' });
              }}
            />
          </label>
        </fieldset>
      ) : null}

      <div
        className="fixed inset-x-0 bottom-0 z-30 flex gap-2 border-t border-slate-200 bg-white p-3 md:sticky md:inset-x-auto md:-bottom-3 md:-mx-3 md:px-3"
        data-testid="cart-actions"
      >
        {tipStep ? (
          <Button variant="outline" onClick={() => setTipStep(false)}>
            {t(CART_BACK)}
          </Button>
        ) : (
          <Button variant="outline" onClick={onClear} disabled={lines.length === 0 || busy}>
            {t(CART_CLEAR)}
          </Button>
        )}
        <Button
          className="flex-1"
          size="lg"
          onClick={charge}
          disabled={!totals || busy}
          data-testid="cart-charge"
        >
          {!totals
            ? t(CART_CHARGE)
            : unit
              ? t(CART_CHARGE_AMOUNT, { amount: inUnit(totals.total.sats) })
              : t(CART_CHARGE_SATS, {
                  count: totals.total.sats,
                  sats: formats.sats(totals.total.sats),
                })}
        </Button>
      </div>

      <OneFieldForm
        label={t(CART_PARK_LABEL)}
        value={basket}
        onChange={setBasket}
        submit={t(CART_PARK)}
        variant="outline"
        disabled={lines.length === 0 || busy}
        onSubmit={() => {
          onPark(basket.trim() || t(CART_BASKET_NAME, { n: parked.length + 1 }));
          setBasket('');
        }}
      />
      {parked.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{t(CART_PARKED_TITLE)}</h3>
          <ul className="mt-1 flex flex-wrap gap-2">
            {parked.map((row) => {
              // Who parked it, where the till names people (docs/behaviour.md "Staff and shifts").
              const by = !row.parkedBy
                ? ''
                : row.parkedBy.role === 'owner'
                  ? t(CART_PARKED_BY_OWNER)
                  : t(CART_PARKED_BY, { name: row.parkedBy.name });
              const recall = t(CART_RECALL, { label: row.label ?? '' });
              return (
                <li key={row.id}>
                  <Button
                    variant="secondary"
                    aria-label={by ? `${recall} ${by}` : recall}
                    disabled={busy}
                    onClick={() => onRecall(row.id)}
                  >
                    {row.label}
                    {by ? (
                      <span className="ml-1 text-xs font-normal" data-testid="basket-parked-by">
                        {by}
                      </span>
                    ) : null}
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** A labelled field and its button on one line (a custom amount, a basket's name). */
function OneFieldForm({
  label,
  value,
  onChange,
  numeric,
  submit,
  variant,
  disabled,
  onSubmit,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the keyboard a phone shows: digits, or digits and a separator */
  numeric?: 'numeric' | 'decimal';
  submit: string;
  variant: 'secondary' | 'outline';
  disabled: boolean;
  onSubmit: () => void;
}) {
  return (
    <Form className="flex items-end gap-2" onSubmit={onSubmit}>
      <label className="flex flex-1 flex-col text-sm text-slate-700">
        {label}
        <input
          className={`h-11 rounded-lg border border-slate-300 px-3${numeric ? ' tabular-nums' : ''}`}
          inputMode={numeric}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <Button type="submit" variant={variant} disabled={disabled}>
        {submit}
      </Button>
    </Form>
  );
}
