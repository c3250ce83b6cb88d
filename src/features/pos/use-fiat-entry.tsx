// The keypad's fiat toggle: loads the display currency's price (and the conversion code) after the
// first paint, enters amounts in sats or in the currency's minor units, and fixes each sale's fiat
// record at the price shown. A price that may not be used (refused, stale, a jump waiting for the
// merchant) means sats only with a note saying why
// (docs/behaviour.md "Prices in the merchant's currency").
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { FiatRecord } from '../../core/ports';
import type { PriceView } from '../../core/prices/price-service';
import { formatSats } from '../../ui/format-sats';
import type { AmountEntry } from '../../ui/InvoicePanel';
import type { PosPrices } from './deps';
import { clockTime, type PriceJump } from '../../ui/price-jump/PriceJumpConfirm';
import { DECLINED_PRICE_NOTE } from '../../ui/price-jump/texts.json';
import { jumpNote } from '../../ui/price-jump/texts';
import { usePriceJump } from '../../ui/price-jump/use-price-jump';
import { CANNOT_CONVERT_OTHER, PRICES_UNAVAILABLE_NOTE, SATS_UNIT } from './texts.json';
import {
  CANNOT_CONVERT_NOTE,
  SWITCH_UNIT_LABEL,
  ageText,
  approxFiat,
  chargedSats,
  noPriceNote,
  priceLine,
  refusedPriceNote,
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
  /** A price jump waiting for the merchant's answer, or null. */
  jump: PriceJump | null;
  /** The display currency's price a cart's fiat prices are converted at; undefined: none usable. */
  priceUsed: { currency: string; price: number } | undefined;
  useNewPrice: () => Promise<void>;
  keepSatsOnly: () => Promise<void>;
}

function afterPaint(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 50);
  return () => clearTimeout(timer);
}

/** Why the keypad takes sats only for this view, or null when its price may be used. */
function satsOnlyNote(view: Exclude<PriceView, { kind: 'off' }>): string | null {
  switch (view.kind) {
    case 'price':
      return view.stale ? stalePriceNote(clockTime(view.time)) : null;
    case 'jump':
      return jumpNote(view.percent);
    case 'unavailable':
      switch (view.reason) {
        case 'refused':
          return view.detail ? refusedPriceNote(view.detail) : PRICES_UNAVAILABLE_NOTE;
        case 'no-price':
          return noPriceNote(view.currency);
        case 'declined':
          return DECLINED_PRICE_NOTE;
        default:
          return PRICES_UNAVAILABLE_NOTE;
      }
  }
}

export function useFiatEntry(
  prices: PosPrices | undefined,
  submitSats: (sats: number) => void,
  logger: Logger,
): FiatEntry {
  const [loaded, setLoaded] = useState<{ view: PriceView; convert: Convert; at: number } | null>(
    null,
  );
  const [fiatMode, setFiatMode] = useState(false);
  // Why the last typed fiat amount was not charged; cleared by the next submit or unit switch.
  const [refusal, setRefusal] = useState<string | null>(null);
  // Bumped after the merchant answers a jump, to read the price again at once.
  const [asked, setAsked] = useState(0);
  // The record of the amount typed in fiat, kept until its invoice is created.
  const pending = useRef<{ sats: number; fiat: FiatRecord } | null>(null);

  useEffect(() => {
    if (!prices) return;
    let alive = true;
    const show = (view: PriceView, convert: Convert) => {
      if (alive) setLoaded({ view, convert, at: Date.now() });
    };
    // The stored price shows at once (docs/behaviour.md "Prices in the merchant's currency"); the
    // source is asked after, so the keypad never waits for it and its lines never jump.
    const load = () =>
      void Promise.all([prices.current({ refresh: false }), loadConvert()])
        .then(async ([stored, convert]) => {
          // Nothing stored yet is not "no price": wait for the source rather than say so.
          if (stored.kind !== 'unavailable') show(stored, convert);
          show(await prices.current(), convert);
        })
        .catch((error: unknown) => logger.warn('Could not load prices for the keypad', error));
    // The first read waits for the first paint; one after the merchant's answer is wanted at once.
    let cancel = () => {};
    if (asked === 0) cancel = afterPaint(load);
    else load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      alive = false;
      cancel();
      clearInterval(timer);
    };
  }, [prices, logger, asked]);

  const view = loaded?.view;
  const convert = loaded?.convert;
  const priced = view?.kind === 'price' && !view.stale ? view : undefined;
  const inFiat = fiatMode && priced !== undefined;

  const submit = useCallback(
    (value: number) => {
      setRefusal(null);
      if (inFiat && priced && convert) {
        const sats = convert.tryFiatMinorToSats(value, priced.price, priced.decimals);
        if (sats === undefined) {
          // Never a guess: no invoice at all rather than one for a wrong amount.
          pending.current = null;
          setRefusal(CANNOT_CONVERT_NOTE);
          return;
        }
        const fiatValue = Number(convert.minorToText(value, priced.decimals));
        pending.current = {
          sats,
          fiat: {
            currency: priced.currency,
            price: priced.price,
            value: fiatValue,
            time: priced.time,
          },
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
      if (priced && convert) {
        return convert.tryFiatRecordFor(sats, priced.currency, priced.price, priced.time);
      }
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
    const why = satsOnlyNote(view);
    if (why !== null || view.kind !== 'price') {
      return { unit: SATS_UNIT, mode: 'sats', note: why, submit };
    }
    const { currency, price, decimals } = view;
    const digitsValue = (digits: string) => Number.parseInt(digits, 10) || 0;
    const target = inFiat ? SATS_UNIT : currency;
    const toggle = (
      <button
        type="button"
        data-testid="keypad-unit-toggle"
        aria-label={SWITCH_UNIT_LABEL(target)}
        onClick={() => {
          setRefusal(null);
          setFiatMode((on) => !on);
        }}
        className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold text-white ring-1 ring-white/30 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white"
      >
        ⇄ {target}
      </button>
    );
    const note =
      refusal ?? priceLine(price, currency, view.source, ageText((loaded?.at ?? 0) - view.time));
    if (inFiat) {
      return {
        unit: currency,
        mode: `fiat:${currency}`,
        display: (digits) => convert.minorToText(digitsValue(digits), decimals),
        other: (digits) => {
          const minor = digitsValue(digits);
          if (minor === 0) return chargedSats('0');
          const sats = convert.tryFiatMinorToSats(minor, price, decimals);
          return sats === undefined ? CANNOT_CONVERT_OTHER : chargedSats(formatSats(sats));
        },
        toggle,
        note,
        submit,
      };
    }
    return {
      unit: SATS_UNIT,
      mode: 'sats',
      other: (digits) => {
        const minor = convert.trySatsToFiatMinor(digitsValue(digits), price, decimals);
        return minor === undefined ? null : approxFiat(convert.formatFiatMinor(minor, currency));
      },
      toggle,
      note,
      submit,
    };
  }, [view, convert, inFiat, submit, refusal, loaded?.at]);

  const answered = useCallback(() => setAsked((n) => n + 1), []);
  const answerFailed = useCallback(
    (error: unknown) => logger.warn('Could not answer the price change', error),
    [logger],
  );
  const { jump, useNewPrice, keepSatsOnly } = usePriceJump(view, prices, answered, answerFailed);

  const priceUsed = useMemo(
    () => (priced ? { currency: priced.currency, price: priced.price } : undefined),
    [priced],
  );
  return { entry, fiatOf, fiatText, jump, useNewPrice, keepSatsOnly, priceUsed };
}
