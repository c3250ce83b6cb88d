// The balance per mint, shown when the wallet holds sats on a mint other than the current one, each other mint
// with its own Withdraw (docs/behaviour.md, "Wallet"). The current mint keeps the main Withdraw.
import { mintUrlKey } from '../../core/urls/normalise-url';
import { Button } from '../../ui/Button';
import { useWalletWords } from './wallet-words';
import { Card } from '../../ui/Card';
import {
  CURRENT_MINT_TAG,
  MINT_BALANCES_TITLE,
  WITHDRAW,
  WITHDRAW_FROM,
} from './locales/wallet/en.json';

/** Stored mint URLs written differently (case, trailing slash) are the same mint. */
export function sameMint(a: string, b: string): boolean {
  return mintUrlKey(a) === mintUrlKey(b);
}

export function MintBalances({
  balances,
  currentMint,
  names = {},
  busy,
  onWithdraw,
}: {
  balances: Record<string, number>;
  currentMint: string;
  /** each mint's own name where it gives one (by URL as stored); its URL otherwise */
  names?: Record<string, string>;
  busy: boolean;
  onWithdraw: (mintUrl: string) => void;
}) {
  const { t, sats: satsText } = useWalletWords();
  const mints = Object.entries(balances).sort(
    ([a], [b]) =>
      Number(sameMint(b, currentMint)) - Number(sameMint(a, currentMint)) || a.localeCompare(b),
  );
  // Shown as soon as sats sit on a mint other than the current one (even with none on the
  // current mint): after a mint change in Settings this is the only way back to them.
  if (currentMint === '' || !mints.some(([mintUrl]) => !sameMint(mintUrl, currentMint))) {
    return null;
  }
  return (
    <Card titleId="mint-balances-title" title={t(MINT_BALANCES_TITLE)} look="border">
      <ul className="divide-y divide-slate-100">
        {mints.map(([mintUrl, sats]) => {
          const current = sameMint(mintUrl, currentMint);
          return (
            <li
              key={mintUrl}
              data-testid="mint-balance"
              data-mint={mintUrl}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                {names[mintUrl] ? (
                  <p className="break-words font-medium text-slate-800" title={mintUrl}>
                    {names[mintUrl]}
                  </p>
                ) : (
                  <p className="font-mono text-xs break-all text-slate-700">{mintUrl}</p>
                )}
                {current ? <p className="text-xs text-violet-700">{t(CURRENT_MINT_TAG)}</p> : null}
              </div>
              <div className="flex items-center gap-3">
                <span className="font-semibold tabular-nums text-slate-900">{satsText(sats)}</span>
                {current ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={t(WITHDRAW_FROM, { mint: names[mintUrl] ?? mintUrl })}
                    onClick={() => onWithdraw(mintUrl)}
                  >
                    {t(WITHDRAW)}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
