// The keypad's fiat toggle: loads the display currency's price (and the conversion code) after the
// first paint, enters amounts in sats or in the currency's minor units, and makes the keypad's sale
// of a typed value, its fiat record fixed at the price shown. A price that may not be used
// (refused, stale, a jump waiting for the merchant) means sats only with a note saying why
// (docs/behaviour.md "Prices in the merchant's currency").
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { FiatRecord } from '../../core/prices/currencies';
import { keypadSale, type Sale } from '../../core/sale/sale';
import type { SalePrice } from '../../core/sale/sale-fiat';
import type { PriceView } from '../../core/prices/price-service';
import type { Formats } from '../../core/i18n/formats';
import { useFormats, useTexts, type Translate } from '../../ui/i18n';
import type { AmountEntry } from '../../ui/payment/InvoicePanel';
import type { PosPrices } from './deps';
import type { PriceJump } from '../../ui/price-jump/PriceJumpConfirm';
import { usePriceJump } from '../../ui/price-jump/use-price-jump';
import { DECLINED_PRICE_NOTE, JUMP_NOTE } from '../../ui/locales/price-jump-note/en.json';
import {
  AGE_JUST_NOW,
  AGE_MINUTES,
  APPROX_FIAT,
  CANNOT_CONVERT_NOTE,
  CANNOT_CONVERT_OTHER,
  CHARGED_SATS,
  NO_PRICE_NOTE,
  PRICES_UNAVAILABLE_NOTE,
  PRICE_LINE,
  REFUSED_PRICE_NOTE,
  SATS_UNIT,
  STALE_PRICE_NOTE,
  SWITCH_UNIT_LABEL,
} from './locales/keypad/en.json';

type Convert = typeof import('../../core/prices/convert') &
  typeof import('../../core/sale/sale-fiat');
const loadConvert = async (): Promise<Convert> => {
  const [convert, saleFiat] = await Promise.all([
    import('../../core/prices/convert'),
    import('../../core/sale/sale-fiat'),
  ]);
  return { ...convert, ...saleFiat };
};

/** While the keypad is on screen the price is asked again this often (the service caches it). */
const REFRESH_MS = 60_000;

export interface FiatEntry {
  /** undefined: plain sats keypad (sats only, or not loaded yet) */
  entry: AmountEntry | undefined;
  /**
   * The sale of the typed value (sats, or minor units in the currency) with its fiat record at
   * the price shown; undefined when a typed currency amount cannot be converted (the note says so).
   */
  saleOf: (value: number) => Sale | undefined;
  /** Submit: the sale of the typed value, handed to the invoice. */
  submit: (value: number) => void;
  /** "12.34 USD" for a quote's fiat record, when the conversion code is there. */
  fiatText: (fiat: FiatRecord | undefined) => string | undefined;
  /** A price jump waiting for the merchant's answer, or null. */
  jump: PriceJump | null;
  /** The display currency's price a cart's fiat prices are converted at; undefined: none usable. */
  priceUsed: SalePrice | undefined;
  /** The prices as last read (its kind 'off': the shop sells in sats only); undefined until read. */
  view: PriceView | undefined;
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
function satsOnlyNote(
  view: Exclude<PriceView, { kind: 'off' }>,
  t: Translate,
  formats: Formats,
): string | null {
  switch (view.kind) {
    case 'price':
      return view.stale ? t(STALE_PRICE_NOTE, { time: formats.time(view.time) }) : null;
    case 'jump':
      return t(JUMP_NOTE, { percent: view.percent });
    case 'unavailable':
      switch (view.reason) {
        case 'refused':
          return view.detail
            ? t(REFUSED_PRICE_NOTE, { reason: view.detail })
            : t(PRICES_UNAVAILABLE_NOTE);
        case 'no-price':
          return t(NO_PRICE_NOTE, { currency: view.currency });
        case 'declined':
          return t(DECLINED_PRICE_NOTE);
        default:
          return t(PRICES_UNAVAILABLE_NOTE);
      }
  }
}

/** How long ago the price was taken: "just now" under a minute, else whole minutes. */
function ageText(ms: number, t: Translate): string {
  return ms < 60_000
    ? t(AGE_JUST_NOW)
    : t(AGE_MINUTES, { minutes: String(Math.floor(ms / 60_000)) });
}

export function useFiatEntry(
  prices: PosPrices | undefined,
  submitSale: (sale: Sale) => void,
  logger: Logger,
): FiatEntry {
  const t = useTexts();
  const formats = useFormats();
  const [loaded, setLoaded] = useState<{ view: PriceView; convert: Convert; at: number } | null>(
    null,
  );
  const [fiatMode, setFiatMode] = useState(false);
  // Why the last typed fiat amount was not charged; cleared by the next submit or unit switch.
  const [refusal, setRefusal] = useState<string | null>(null);
  // Bumped after the merchant answers a jump, to read the price again at once.
  const [asked, setAsked] = useState(0);

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

  const saleOf = useCallback(
    (value: number): Sale | undefined => {
      setRefusal(null);
      if (!priced || !convert) return keypadSale(value);
      if (!inFiat) return convert.satsSale(value, priced);
      const sale = convert.typedFiatSale(value, priced);
      // Never a guess: no sale at all rather than one for a wrong amount.
      if (!sale) setRefusal(t(CANNOT_CONVERT_NOTE));
      return sale;
    },
    [inFiat, priced, convert, t],
  );
  const submit = useCallback(
    (value: number) => {
      const sale = saleOf(value);
      if (sale) submitSale(sale);
    },
    [saleOf, submitSale],
  );

  const fiatText = useCallback(
    (fiat: FiatRecord | undefined) => {
      if (!fiat || !convert) return undefined;
      const decimals = convert.currencyDecimals(fiat.currency);
      return formats.fiat(Math.round(fiat.value * 10 ** decimals), fiat.currency, decimals);
    },
    [convert, formats],
  );

  const entry = useMemo((): AmountEntry | undefined => {
    if (!view || !convert || view.kind === 'off') return undefined;
    const why = satsOnlyNote(view, t, formats);
    const satsUnit = t(SATS_UNIT);
    if (why !== null || view.kind !== 'price') {
      return { unit: satsUnit, mode: 'sats', note: why };
    }
    const { currency, price, decimals } = view;
    const digitsValue = (digits: string) => Number.parseInt(digits, 10) || 0;
    const target = inFiat ? satsUnit : currency;
    const toggle = (
      <button
        type="button"
        data-testid="keypad-unit-toggle"
        aria-label={t(SWITCH_UNIT_LABEL, { unit: target })}
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
      refusal ??
      t(PRICE_LINE, {
        price: formats.number(price),
        currency,
        source: view.source,
        age: ageText((loaded?.at ?? 0) - view.time, t),
      });
    const charged = (sats: number) => t(CHARGED_SATS, { count: sats, sats: formats.sats(sats) });
    if (inFiat) {
      return {
        unit: currency,
        mode: `fiat:${currency}`,
        display: (digits) => formats.decimal(digitsValue(digits), decimals),
        other: (digits) => {
          const minor = digitsValue(digits);
          if (minor === 0) return charged(0);
          const sats = convert.tryFiatMinorToSats(minor, price, decimals);
          return sats === undefined ? t(CANNOT_CONVERT_OTHER) : charged(sats);
        },
        toggle,
        note,
      };
    }
    return {
      unit: satsUnit,
      mode: 'sats',
      other: (digits) => {
        const minor = convert.trySatsToFiatMinor(digitsValue(digits), price, decimals);
        return minor === undefined
          ? null
          : t(APPROX_FIAT, { amount: formats.fiat(minor, currency, decimals) });
      },
      toggle,
      note,
    };
  }, [view, convert, inFiat, refusal, loaded?.at, t, formats]);

  const answered = useCallback(() => setAsked((n) => n + 1), []);
  const answerFailed = useCallback(
    (error: unknown) => logger.warn('Could not answer the price change', error),
    [logger],
  );
  const { jump, useNewPrice, keepSatsOnly } = usePriceJump(view, prices, answered, answerFailed);

  const priceUsed = useMemo(
    () =>
      priced ? { currency: priced.currency, price: priced.price, time: priced.time } : undefined,
    [priced],
  );
  return { entry, saleOf, submit, fiatText, jump, useNewPrice, keepSatsOnly, priceUsed, view };
}
