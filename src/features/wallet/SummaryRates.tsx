// The day summary's books part: the day's receipt numbers, its discounts, and net, tax and gross per tax rate as the
// receipts list them (docs/behaviour.md "Day close", decision 0064).
import { Fragment } from 'react';
import type { DaySummary } from '../../core/records/day-summary';
import type { RateTotal } from '../../core/sale/tax';
import {
  RECEIPT_RATE_GROSS,
  RECEIPT_RATE_NET,
  RECEIPT_RATE_TAX,
  RECEIPT_TAX,
} from '../../ui/locales/receipt/en.json';
import { useWalletWords } from './wallet-words';
import {
  SATS_ONLY,
  SUMMARY_DISCOUNTS,
  SUMMARY_RATES,
  SUMMARY_RECEIPT_RANGE,
  SUMMARY_RECEIPTS,
  TALLY,
} from './locales/records/en.json';

function Row({ label, testId, value }: { label: string; testId: string; value: string }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="min-w-0 break-words text-slate-600">{label}</dt>
      {/* May wrap at its spaces: a receipt range is wider than 58 mm paper. */}
      <dd
        data-testid={testId}
        className="min-w-0 text-right font-semibold tabular-nums text-slate-900"
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * Net, tax and gross per rate, each figure written by `money` (sats, or a fiat unit's amount);
 * test ids `${idPrefix}-7-net`, … and `${idPrefix}-none` for tax kept without its rate.
 */
export function RateRows({
  rates,
  money,
  idPrefix,
  label,
}: {
  rates: readonly RateTotal[];
  money: (minor: number) => string;
  idPrefix: string;
  label?: string;
}) {
  const { t, formats } = useWalletWords();
  return (
    <dl
      aria-label={label}
      className="divide-y divide-slate-100 text-sm"
      data-testid={`${idPrefix}s`}
    >
      {rates.map((row) => {
        if (row.rate === null) {
          return (
            <Row
              key="none"
              label={t(RECEIPT_TAX)}
              testId={`${idPrefix}-none`}
              value={money(row.taxSats)}
            />
          );
        }
        const rate = formats.number(row.rate);
        const id = `${idPrefix}-${row.rate}`;
        return (
          // A <dl> holds only <div>s of one <dt> and one <dd> (axe: definition-list).
          <Fragment key={row.rate}>
            <Row
              label={t(RECEIPT_RATE_NET, { rate })}
              testId={`${id}-net`}
              value={money(row.netSats)}
            />
            <Row
              label={t(RECEIPT_RATE_TAX, { rate })}
              testId={`${id}-tax`}
              value={money(row.taxSats)}
            />
            <Row
              label={t(RECEIPT_RATE_GROSS, { rate })}
              testId={`${id}-gross`}
              value={money(row.grossSats)}
            />
          </Fragment>
        );
      })}
    </dl>
  );
}

/** Only a day with a taxed sale has rates worth a section: untaxed sales alone are all 0 %. */
export const hasTaxedRate = (rates: readonly RateTotal[]) => rates.some((row) => row.rate !== 0);

export function SummaryRates({ summary }: { summary: DaySummary }) {
  const { t, formats } = useWalletWords();
  const sats = (n: number) => t(SATS_ONLY, { sats: formats.sats(n) });
  return (
    <>
      <dl className="divide-y divide-slate-100 text-sm">
        {/* The day (Z) report names its first and last receipt: a gap in between is seen. */}
        {(summary.receipts ?? []).map((range) => (
          <Row
            key={range.first}
            label={t(SUMMARY_RECEIPTS)}
            testId="summary-receipts"
            value={t(SUMMARY_RECEIPT_RANGE, { first: range.first, last: range.last })}
          />
        ))}
        <Row
          label={t(SUMMARY_DISCOUNTS)}
          testId="summary-discounts"
          value={t(TALLY, {
            count: formats.number(summary.discounts.count),
            sats: formats.sats(summary.discounts.sats),
          })}
        />
      </dl>
      {hasTaxedRate(summary.rates) ? (
        <>
          <h3 className="pt-2 text-sm font-semibold text-slate-900">{t(SUMMARY_RATES)}</h3>
          <RateRows rates={summary.rates} money={sats} idPrefix="summary-rate" />
        </>
      ) : null}
    </>
  );
}
