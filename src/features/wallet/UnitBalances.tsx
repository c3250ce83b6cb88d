// The wallet's balances in units other than sats, one per unit and mint, shown beside the sats and never added to them, with the current mint's money-out buttons (docs/behaviour.md "Wallet").
import { isFiatUnit, SAT, unitCurrency, type FiatUnit } from '../../core/units/unit';
import { Button } from '../../ui/Button';
import type { UnitBalance } from '../../core/wallet/proof-ports';
import { sameMint } from './MintBalances';
import { useWalletWords } from './wallet-words';
import {
  UNIT_BALANCES_LABEL,
  UNIT_CASH_OUT_LABEL,
  UNIT_WITHDRAW_LABEL,
  WITHDRAW,
} from './locales/wallet/en.json';
import { CASH_OUT } from './locales/cash-out/en.json';

export function UnitBalances({
  balances,
  currentMint,
  names = {},
  onWithdraw,
  onCashOut,
  busy = false,
}: {
  balances: UnitBalance[];
  currentMint: string;
  /** each mint's own name where it gives one (by URL as stored); its URL otherwise */
  names?: Record<string, string>;
  /** withdraw the current mint's ecash in this unit; no button when omitted */
  onWithdraw?: (unit: FiatUnit) => void;
  /** cash out from the current mint's balance in this unit; no button when omitted */
  onCashOut?: (unit: FiatUnit) => void;
  busy?: boolean;
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
          {/* Money leaves from the current mint only, as Withdraw and Cash out for sats. */}
          {sameMint(mintUrl, currentMint) && isFiatUnit(held.unit) && held.minor > 0 ? (
            <UnitActions
              unit={held.unit}
              busy={busy}
              onWithdraw={onWithdraw}
              onCashOut={onCashOut}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function UnitActions({
  unit,
  busy,
  onWithdraw,
  onCashOut,
}: {
  unit: FiatUnit;
  busy: boolean;
  onWithdraw?: ((unit: FiatUnit) => void) | undefined;
  onCashOut?: ((unit: FiatUnit) => void) | undefined;
}) {
  const { t } = useWalletWords();
  const code = unitCurrency(unit);
  const actions = [
    { label: t(UNIT_WITHDRAW_LABEL, { unit: code }), text: t(WITHDRAW), run: onWithdraw },
    { label: t(UNIT_CASH_OUT_LABEL, { unit: code }), text: t(CASH_OUT), run: onCashOut },
  ];
  return (
    <span className="flex gap-2">
      {actions.map(({ label, text, run }) =>
        run ? (
          <Button
            key={label}
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={label}
            onClick={() => run(unit)}
          >
            {text}
          </Button>
        ) : null,
      )}
    </span>
  );
}
