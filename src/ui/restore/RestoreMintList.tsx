// Every mint of a restore scan, in the progress panel and after it ends (docs/behaviour.md,
// "Recover funds"): where the mint was listed, the sats found there, and why it could not be scanned.
import { formatSats } from '../format-sats';

export type RestoreMintSource = 'settings' | 'wallet' | 'backup' | 'profile' | 'locked-sale';

export interface RestoreMintView {
  mintUrl: string;
  /** absent after the scan ended */
  status?: 'pending' | 'scanning' | 'done' | 'failed';
  foundSats: number;
  /** of foundSats, from sales taken while locked on another device (their backups) */
  lockedSats?: number;
  error?: string;
  sources?: RestoreMintSource[];
}

export const MINT_SOURCE_LABELS: Record<RestoreMintSource, string> = {
  settings: 'mint in Settings',
  wallet: 'used on this device',
  backup: 'mint list backup',
  profile: 'shop profile',
  'locked-sale': 'sale taken while locked',
};

export const restoreSourcesLine = (sources: RestoreMintSource[]) =>
  `Found in: ${sources.map((s) => MINT_SOURCE_LABELS[s]).join(', ')}`;

export function restoreMintState(mint: RestoreMintView): string {
  if (mint.error && mint.status !== 'pending') return mint.error;
  if (mint.status === 'pending') return 'Waiting';
  if (mint.status === 'scanning') return `Scanning, ${formatSats(mint.foundSats)} sats so far`;
  const found = `${formatSats(mint.foundSats)} sats found`;
  return mint.lockedSats
    ? `${found}, ${formatSats(mint.lockedSats)} of them from sales taken while locked`
    : found;
}

export function RestoreMintList({ mints }: { mints: RestoreMintView[] }) {
  if (mints.length === 0) return null;
  return (
    <ul className="space-y-2 text-sm" data-testid="restore-mints">
      {mints.map((mint) => (
        <li key={mint.mintUrl} className="min-w-0" data-testid="restore-mint">
          <p className="break-all font-medium text-slate-800">{mint.mintUrl}</p>
          {mint.sources && mint.sources.length > 0 ? (
            <p className="text-xs text-slate-600">{restoreSourcesLine(mint.sources)}</p>
          ) : null}
          <p
            className={mint.error ? 'text-red-700' : 'tabular-nums text-violet-800'}
            data-testid="restore-mint-state"
          >
            {restoreMintState(mint)}
          </p>
        </li>
      ))}
    </ul>
  );
}
