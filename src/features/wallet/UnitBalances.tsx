// The wallet's balances in units other than sats, one per unit and mint, shown beside the sats and never added to them, each with its money-out buttons (docs/behaviour.md "Wallet").
import { isFiatUnit, SAT, unitCurrency, type FiatUnit } from '../../core/units/unit';
import { Button } from '../../ui/Button';
import type { UnitBalance } from '../../core/wallet/proof-ports';
import { sameMint } from './MintBalances';
import { useWalletWords } from './wallet-words';
import {
  UNIT_BALANCES_LABEL,
  UNIT_CASH_OUT_LABEL,
  UNIT_WITHDRAW_LABEL,
  UNIT_CASH_OUT_AT_LABEL,
  UNIT_WITHDRAW_AT_LABEL,
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
  /**
   * withdraw ecash in this unit, of the current mint (`mintUrl` undefined) or of another mint's
   * line; no button when omitted
   */
  onWithdraw?: (unit: FiatUnit, mintUrl?: string) => void;
  /** cash out from the balance in this unit, as onWithdraw; no button when omitted */
  onCashOut?: (unit: FiatUnit, mintUrl?: string) => void;
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
          {/* Every mint's line has its buttons (decision 0090): dollars left on a mint the
              merchant switched away from still leave as dollars. */}
          {isFiatUnit(held.unit) && held.minor > 0 ? (
            <UnitActions
              unit={held.unit}
              at={sameMint(mintUrl, currentMint) ? undefined : mintUrl}
              mintName={names[mintUrl] ?? mintUrl}
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

type UnitAction = ((unit: FiatUnit, mintUrl?: string) => void) | undefined;

function UnitActions({
  unit,
  at,
  mintName,
  busy,
  onWithdraw,
  onCashOut,
}: {
  unit: FiatUnit;
  /** another mint than the current one: its URL, named in the buttons' labels */
  at: string | undefined;
  mintName: string;
  busy: boolean;
  onWithdraw?: UnitAction;
  onCashOut?: UnitAction;
}) {
  const { t } = useWalletWords();
  const code = unitCurrency(unit);
  const named = { unit: code, mint: mintName };
  const actions = [
    {
      label: at ? t(UNIT_WITHDRAW_AT_LABEL, named) : t(UNIT_WITHDRAW_LABEL, { unit: code }),
      text: t(WITHDRAW),
      run: onWithdraw,
    },
    {
      label: at ? t(UNIT_CASH_OUT_AT_LABEL, named) : t(UNIT_CASH_OUT_LABEL, { unit: code }),
      text: t(CASH_OUT),
      run: onCashOut,
    },
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
            onClick={() => (at ? run(unit, at) : run(unit))}
          >
            {text}
          </Button>
        ) : null,
      )}
    </span>
  );
}
