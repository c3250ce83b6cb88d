// The balance per mint, shown when the wallet holds sats on a mint other than the current one, each other mint
// with its own Withdraw (docs/behaviour.md, "Wallet"). The current mint keeps the main Withdraw.
import { mintUrlKey } from '../../core/urls/normalise-url';
import { Button } from '../../ui/Button';
import { CURRENT_MINT_TAG, MINT_BALANCES_TITLE, WITHDRAW } from './texts.json';
import { satsText, withdrawFromText } from './texts';
import { Card } from '../../ui/Card';

/** Stored mint URLs written differently (case, trailing slash) are the same mint. */
export function sameMint(a: string, b: string): boolean {
  return mintUrlKey(a) === mintUrlKey(b);
}

export function MintBalances({
  balances,
  currentMint,
  busy,
  onWithdraw,
}: {
  balances: Record<string, number>;
  currentMint: string;
  busy: boolean;
  onWithdraw: (mintUrl: string) => void;
}) {
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
    <Card titleId="mint-balances-title" title={MINT_BALANCES_TITLE} look="border">
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
                <p className="font-mono text-xs break-all text-slate-700">{mintUrl}</p>
                {current ? <p className="text-xs text-violet-700">{CURRENT_MINT_TAG}</p> : null}
              </div>
              <div className="flex items-center gap-3">
                <span className="font-semibold tabular-nums text-slate-900">{satsText(sats)}</span>
                {current ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-label={withdrawFromText(mintUrl)}
                    onClick={() => onWithdraw(mintUrl)}
                  >
                    {WITHDRAW}
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
