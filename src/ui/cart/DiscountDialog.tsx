// The discount of one cart line or of the whole cart: percent or sats (the till's fiat unit where
// it charges in one), with a reason; loaded only when a discount is opened (docs/behaviour.md
// "Items, cart and tips", "Discounts").
import { useState } from 'react';
import { Button } from '../Button';
import { Form } from '../forms/Form';
import { Modal } from '../Modal';
import { useTexts } from '../i18n';
import {
  amountFromText,
  DISCOUNT_REASON_MAX,
  isDiscount,
  minorToText,
  type CartUnitView,
  type Discount,
} from '../domain-views';
import {
  CART_DISCOUNT_APPLY,
  CART_DISCOUNT_CANCEL,
  CART_DISCOUNT_IN_SATS,
  CART_DISCOUNT_INVALID,
  CART_DISCOUNT_INVALID_IN,
  CART_DISCOUNT_KIND,
  CART_DISCOUNT_PERCENT,
  CART_DISCOUNT_REASON,
  CART_DISCOUNT_REMOVE,
  CART_DISCOUNT_VALUE,
} from '../locales/cart/en.json';

export interface DiscountDialogProps {
  title: string;
  /** the discount given so far, to change or remove */
  current?: Discount;
  /** the new discount, or undefined to remove it */
  onApply: (discount: Discount | undefined) => void;
  onClose: () => void;
  /** the till's fiat unit: an amount off is typed in it ("1.50") and kept in its cents */
  unit?: CartUnitView;
}

/** The typed discount, or undefined when it is not one the arithmetic takes. */
function typed(
  kind: Discount['kind'],
  value: string,
  reason: string,
  unit: CartUnitView | undefined,
): Discount | undefined {
  const n =
    kind === 'sats' && unit
      ? (amountFromText(value, unit.unit)?.minor ?? NaN)
      : Number(value.replace(',', '.'));
  const draft: Discount =
    kind === 'percent'
      ? { kind, percent: n, reason: reason.trim() }
      : { kind, sats: n, reason: reason.trim() };
  return value.trim() && isDiscount(draft) ? draft : undefined;
}

export default function DiscountDialog({
  title,
  current,
  onApply,
  onClose,
  unit,
}: DiscountDialogProps) {
  const t = useTexts();
  const [kind, setKind] = useState<Discount['kind']>(current?.kind ?? 'percent');
  const [value, setValue] = useState(() => {
    if (!current) return '';
    if (current.kind === 'percent') return String(current.percent);
    // An amount off in a fiat unit is shown as typed: major units.
    return unit ? minorToText(current.sats, unit.decimals) : String(current.sats);
  });
  const [reason, setReason] = useState(current?.reason ?? '');
  const [invalid, setInvalid] = useState(false);
  const apply = () => {
    const discount = typed(kind, value, reason, unit);
    if (!discount) {
      setInvalid(true);
      return;
    }
    onApply(discount);
    onClose();
  };
  const field = 'h-11 rounded-lg border border-slate-300 px-3';
  return (
    <Modal open onClose={onClose} title={title}>
      <Form className="flex flex-col gap-3" onSubmit={apply}>
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="mb-1 text-sm text-slate-700">{t(CART_DISCOUNT_KIND)}</legend>
          {(['percent', 'sats'] as const).map((k) => (
            <Button
              key={k}
              variant={kind === k ? 'primary' : 'outline'}
              aria-pressed={kind === k}
              onClick={() => setKind(k)}
            >
              {k === 'percent'
                ? t(CART_DISCOUNT_PERCENT)
                : (unit?.currency ?? t(CART_DISCOUNT_IN_SATS))}
            </Button>
          ))}
        </fieldset>
        <label className="flex flex-col text-sm text-slate-700">
          {t(CART_DISCOUNT_VALUE)}
          <input
            className={`${field} tabular-nums`}
            inputMode="decimal"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setInvalid(false);
            }}
          />
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          {t(CART_DISCOUNT_REASON)}
          <input
            className={field}
            maxLength={DISCOUNT_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setInvalid(false);
            }}
          />
        </label>
        {invalid ? (
          <p role="alert" className="text-sm text-red-700">
            {unit
              ? t(CART_DISCOUNT_INVALID_IN, { currency: unit.currency })
              : t(CART_DISCOUNT_INVALID)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t(CART_DISCOUNT_APPLY)}</Button>
          {current ? (
            <Button
              variant="outline"
              onClick={() => {
                onApply(undefined);
                onClose();
              }}
            >
              {t(CART_DISCOUNT_REMOVE)}
            </Button>
          ) : null}
          <Button variant="outline" onClick={onClose}>
            {t(CART_DISCOUNT_CANCEL)}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
