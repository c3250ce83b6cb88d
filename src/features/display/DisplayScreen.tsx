// The customer display (/display, docs/behaviour.md "Customer display"): a window of the till's
// browser facing the customer, following the counter over a BroadcastChannel. It reads no storage
// and asks for no PIN: it shows only what the counter sends, checked first (core/display).
import { useEffect, useState, type ReactNode } from 'react';
import {
  hasDisplayChannel,
  openDisplayChannel,
  type DisplayChannel,
} from '../../core/display/channel';
import { followCounter } from '../../core/display/display-follower';
import type { DisplayLine, DisplayState } from '../../core/display/messages';
import { useFormats, useTexts, type Translate } from '../../ui/i18n';
import { amountOf } from '../../core/units/amount';
import { formatAmount } from '../../core/units/format-amount';
import { QrCode } from '../../ui/share/QrCode';
import {
  DISPLAY_DISCOUNT,
  DISPLAY_ECASH_HINT,
  DISPLAY_ECASH_QR,
  DISPLAY_EMPTY,
  DISPLAY_LIGHTNING_HINT,
  DISPLAY_LIGHTNING_QR,
  DISPLAY_NO_PRICE,
  DISPLAY_PAID,
  DISPLAY_PAID_AMOUNT,
  DISPLAY_SATS,
  DISPLAY_SCAN_TO_PAY,
  DISPLAY_TAX,
  DISPLAY_TOTAL,
  DISPLAY_UNSUPPORTED,
  DISPLAY_WAITING,
  DISPLAY_WELCOME,
  DISPLAY_YOUR_ITEMS,
} from './locales/screen/en.json';

export interface DisplayScreenProps {
  /** opens the channel to the counter; null where there is none (the browser's by default) */
  openChannel?: (() => DisplayChannel) | null;
}

type Shown = DisplayState | 'waiting';

/** Read when the route's chunk loads: a browser either has BroadcastChannel or does not. */
const browserChannel = hasDisplayChannel() ? openDisplayChannel : null;

export function DisplayScreen({ openChannel = browserChannel }: DisplayScreenProps) {
  const t = useTexts();
  const [shown, setShown] = useState<Shown>('waiting');
  useEffect(
    () => (openChannel ? followCounter(openChannel(), setShown) : undefined),
    [openChannel],
  );

  const shop = shown === 'waiting' ? '' : shown.shop;
  return (
    <main className="mx-auto flex min-h-screen w-full max-w-4xl flex-col gap-6 p-6">
      <h1 className="text-center text-3xl font-bold text-slate-900" data-testid="display-shop">
        {shop || t(DISPLAY_WELCOME)}
      </h1>
      <div aria-live="polite" className="flex flex-1 flex-col gap-6">
        {openChannel ? <Body shown={shown} t={t} /> : <Note text={t(DISPLAY_UNSUPPORTED)} />}
      </div>
    </main>
  );
}

function Body({ shown, t }: { shown: Shown; t: Translate }) {
  const formats = useFormats();
  if (shown === 'waiting' || shown.phase === 'idle') return <Note text={t(DISPLAY_WAITING)} />;
  // Every amount of a state is in its unit: sats, or the till's fiat unit ("3.50 USD").
  const money = (n: number) =>
    formatAmount(amountOf(n, shown.unit ?? 'sat'), formats, (count, text) =>
      t(DISPLAY_SATS, { count, sats: text }),
    );
  if (shown.phase === 'paid') {
    return (
      <div
        className="flex flex-1 flex-col items-center justify-center gap-3"
        data-testid="display-paid"
      >
        <p className="text-4xl font-bold text-emerald-700">{t(DISPLAY_PAID)}</p>
        <p className="text-xl text-slate-700">
          {t(DISPLAY_PAID_AMOUNT, { amount: money(shown.amount) })}
        </p>
      </div>
    );
  }
  const { lines, total, discount, tax } = shown;
  const pay = shown.phase === 'pay' ? shown.pay : null;
  return (
    <div className="flex flex-col gap-6 md:flex-row md:items-start">
      <section aria-labelledby="display-items" className="flex min-w-0 flex-1 flex-col gap-3">
        <h2 id="display-items" className="text-lg font-semibold text-slate-700">
          {t(DISPLAY_YOUR_ITEMS)}
        </h2>
        {lines.length === 0 ? (
          <p className="text-slate-500">{t(DISPLAY_EMPTY)}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
            {lines.map((line, index) => (
              <Line key={index} line={line} money={money} noPrice={t(DISPLAY_NO_PRICE)} />
            ))}
          </ul>
        )}
        {discount !== undefined ? (
          <SumRow id="display-discount" label={t(DISPLAY_DISCOUNT)} amount={discount}>
            −{money(discount)}
          </SumRow>
        ) : null}
        {tax !== undefined ? (
          <SumRow id="display-tax" label={t(DISPLAY_TAX)} amount={tax}>
            {money(tax)}
          </SumRow>
        ) : null}
        {total !== null ? (
          <SumRow id="display-total" label={t(DISPLAY_TOTAL)} amount={total} total>
            {money(total)}
          </SumRow>
        ) : null}
      </section>
      {pay ? (
        <section
          aria-labelledby="display-pay"
          className="flex flex-col items-center gap-3"
          data-testid="display-pay"
        >
          <h2 id="display-pay" className="text-2xl font-bold text-slate-900">
            {t(DISPLAY_SCAN_TO_PAY, { amount: money(pay.amount) })}
          </h2>
          <p className="text-slate-600">{t(DISPLAY_LIGHTNING_HINT)}</p>
          <QrCode value={pay.invoice} label={t(DISPLAY_LIGHTNING_QR)} size={300} />
          {pay.ecash ? (
            <>
              <p className="text-slate-600">{t(DISPLAY_ECASH_HINT)}</p>
              <QrCode value={pay.ecash} label={t(DISPLAY_ECASH_QR)} size={220} />
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** A row under the lines (discount, tax, total): its label, and the amount as written. */
function SumRow({
  id,
  label,
  amount,
  total = false,
  children,
}: {
  id: string;
  label: string;
  amount: number;
  total?: boolean;
  children: ReactNode;
}) {
  const size = total ? 'text-2xl font-bold text-slate-900' : 'text-lg text-slate-700';
  return (
    <p className={`flex justify-between ${size}`} data-testid={id} data-sats={amount}>
      <span>{label}</span>
      <span className="tabular-nums">{children}</span>
    </p>
  );
}

function Line({
  line,
  money,
  noPrice,
}: {
  line: DisplayLine;
  money: (n: number) => string;
  noPrice: string;
}) {
  return (
    <li
      className="flex items-baseline justify-between gap-4 px-4 py-3 text-lg"
      data-testid="display-line"
      data-name={line.name}
      data-quantity={line.quantity}
      data-sats={line.sats ?? undefined}
    >
      <span className="min-w-0 break-words">
        <span className="tabular-nums">{line.quantity}</span> × {line.name}
      </span>
      <span className="shrink-0 tabular-nums">
        {line.sats === null ? noPrice : money(line.sats)}
      </span>
    </li>
  );
}

function Note({ text }: { text: string }) {
  return <p className="flex flex-1 items-center justify-center text-xl text-slate-500">{text}</p>;
}
