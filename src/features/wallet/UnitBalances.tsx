// The wallet's balances in units other than sats, one per unit and mint, shown beside the sats and never added to them (docs/behaviour.md "Wallet").
import { SAT } from '../../core/units/unit';
import type { UnitBalance } from '../../core/wallet/proof-ports';
import { sameMint } from './MintBalances';
import { useWalletWords } from './wallet-words';
import { UNIT_BALANCES_LABEL } from './locales/wallet/en.json';

export function UnitBalances({
  balances,
  currentMint,
  names = {},
}: {
  balances: UnitBalance[];
  currentMint: string;
  /** each mint's own name where it gives one (by URL as stored); its URL otherwise */
  names?: Record<string, string>;
}) {
  const { t, amount } = useWalletWords();
  const others = balances.filter((balance) => balance.amount.unit !== SAT);
  if (others.length === 0) return null;
  return (
    <ul aria-label={t(UNIT_BALANCES_LABEL)} className="space-y-1">
      {others.map(({ mintUrl, amount: held }) => (
        <li
          key={`${held.unit} ${mintUrl}`}
          data-testid="wallet-unit-balance"
          data-unit={held.unit}
          data-mint={mintUrl}
          className="flex flex-wrap items-baseline gap-x-3"
        >
          <span className="text-2xl font-bold tabular-nums text-violet-700">{amount(held)}</span>
          {/* The current mint goes unnamed, as the sats above it. */}
          {sameMint(mintUrl, currentMint) ? null : (
            <span className="text-xs break-all text-slate-600">{names[mintUrl] ?? mintUrl}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
