// The wallet's texts and figures in the chosen language: the translate function, the language's
// numbers and the plural "N sats" every wallet row and dialog shows (decision 0055).
import { useMemo } from 'react';
import { currencyDecimals, type FiatRecord } from '../../core/prices/currencies';
import type { Amount } from '../../core/units/amount';
import { formatAmount } from '../../core/units/format-amount';
import { useFormats, useTexts, type Formats, type Translate } from '../../ui/i18n';
import { WALLET_SATS } from './locales/wallet/en.json';

export interface WalletWords {
  t: Translate;
  formats: Formats;
  /** "1 sat", "2,100 sats" in the language */
  sats(sats: number): string;
  /** a record's fiat value with its currency: "12.30 USD", "12,30 USD" in German */
  fiat(record: Pick<FiatRecord, 'value' | 'currency'>): string;
  /** an amount in its unit: "3.50 USD", "1,234 sats" */
  amount(amount: Amount): string;
}

export function walletWords(t: Translate, formats: Formats): WalletWords {
  return {
    t,
    formats,
    sats: (sats) => t(WALLET_SATS, { count: sats, sats: formats.sats(sats) }),
    fiat: ({ value, currency }) => {
      const decimals = currencyDecimals(currency);
      return formats.fiat(Math.round(value * 10 ** decimals), currency, decimals);
    },
    amount: (amount) =>
      formatAmount(amount, formats, (count, formatted) =>
        t(WALLET_SATS, { count, sats: formatted }),
      ),
  };
}

export function useWalletWords(): WalletWords {
  const t = useTexts();
  const formats = useFormats();
  return useMemo(() => walletWords(t, formats), [t, formats]);
}
