// The keypad's fiat toggle: loads the display currency's price (and the conversion code) after the
// first paint, enters amounts in sats or in the currency's minor units, and fixes each sale's fiat
// record at the price shown (docs/behaviour.md "Prices in the merchant's currency").
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { FiatRecord } from '../../core/ports';
import type { PriceView } from '../../core/prices/price-service';
import { formatSats } from '../../ui/format-sats';
import type { AmountEntry } from '../../ui/InvoicePanel';
import type { PosPrices } from './deps';
import {
  PRICES_UNAVAILABLE_NOTE,
  SATS_UNIT,
  SWITCH_UNIT_LABEL,
  approxFiat,
  chargedSats,
  stalePriceNote,
} from './texts';

type Convert = typeof import('../../core/prices/convert');
const loadConvert = () => import('../../core/prices/convert');

/** While the keypad is on screen the price is asked again this often (the service caches it). */
const REFRESH_MS = 60_000;

export interface FiatEntry {
  /** undefined: plain sats keypad (sats only, or not loaded yet) */
  entry: AmountEntry | undefined;
  /** The fiat record of an invoice of `sats` about to be created. */
  fiatOf: (sats: number) => FiatRecord | undefined;
  /** "12.34 USD" for a quote's fiat record, when the conversion code is there. */
  fiatText: (fiat: FiatRecord | undefined) => string | undefined;
}

function clockTime(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function afterPaint(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 50);
  return () => clearTimeout(timer);
}

export function useFiatEntry(
  prices: PosPrices | undefined,
  submitSats: (sats: number) => void,
  logger: Logger,
): FiatEntry {
  const [loaded, setLoaded] = useState<{ view: PriceView; convert: Convert } | null>(null);
  const [fiatMode, setFiatMode] = useState(false);
  // The record of the amount typed in fiat, kept until its invoice is created.
  const pending = useRef<{ sats: number; fiat: FiatRecord } | null>(null);

  useEffect(() => {
    if (!prices) return;
    let alive = true;
    const load = () =>
      void Promise.all([prices.current(), loadConvert()])
        .then(([view, convert]) => {
          if (alive) setLoaded({ view, convert });
        })
        .catch((error: unknown) => logger.warn('Could not load prices for the keypad', error));
    const cancel = afterPaint(load);
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      alive = false;
      cancel();
      clearInterval(timer);
    };
  }, [prices, logger]);

  const view = loaded?.view;
  const convert = loaded?.convert;
  const priced = view?.kind === 'price' ? view : undefined;
  const inFiat = fiatMode && priced !== undefined;

  const submit = useCallback(
    (value: number) => {
      if (inFiat && priced && convert) {
        const sats = convert.fiatMinorToSats(value, priced.price, priced.decimals);
        const fiatValue = Number(convert.minorToText(value, priced.decimals));
        pending.current = {
          sats,
          fiat: { currency: priced.currency, price: priced.price, value: fiatValue },
        };
        submitSats(sats);
        return;
      }
      pending.current = null;
      submitSats(value);
    },
    [inFiat, priced, convert, submitSats],
  );

  const fiatOf = useCallback(
    (sats: number): FiatRecord | undefined => {
      const typed = pending.current;
      pending.current = null;
      if (typed && typed.sats === sats) return typed.fiat;
      if (priced && convert) return convert.fiatRecordFor(sats, priced.currency, priced.price);
      return undefined;
    },
    [priced, convert],
  );

  const fiatText = useCallback(
    (fiat: FiatRecord | undefined) =>
      fiat && convert ? convert.formatFiatRecord(fiat) : undefined,
    [convert],
  );

  const entry = useMemo((): AmountEntry | undefined => {
    if (!view || !convert || view.kind === 'off') return undefined;
    if (view.kind === 'unavailable') {
      return { unit: SATS_UNIT, mode: 'sats', note: PRICES_UNAVAILABLE_NOTE, submit };
    }
    const { currency, price, decimals } = view;
    const digitsValue = (digits: string) => Number.parseInt(digits, 10) || 0;
    const target = inFiat ? SATS_UNIT : currency;
    const toggle = (
      <button
        type="button"
        data-testid="keypad-unit-toggle"
        aria-label={SWITCH_UNIT_LABEL(target)}
        onClick={() => setFiatMode((on) => !on)}
        className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold text-white ring-1 ring-white/30 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
      >
        ⇄ {target}
      </button>
    );
    const note = view.stale ? stalePriceNote(clockTime(view.time)) : null;
    if (inFiat) {
      return {
        unit: currency,
        mode: `fiat:${currency}`,
        display: (digits) => convert.minorToText(digitsValue(digits), decimals),
        other: (digits) =>
          chargedSats(formatSats(convert.fiatMinorToSats(digitsValue(digits), price, decimals))),
        toggle,
        note,
        submit,
      };
    }
    return {
      unit: SATS_UNIT,
      mode: 'sats',
      other: (digits) =>
        approxFiat(
          convert.formatFiatMinor(
            convert.satsToFiatMinor(digitsValue(digits), price, decimals),
            currency,
          ),
        ),
      toggle,
      note,
      submit,
    };
  }, [view, convert, inFiat, submit]);

  return { entry, fiatOf, fiatText };
}
