// Every mint of a restore scan, in the progress panel and after it ends (docs/behaviour.md,
// "Recover funds"): where the mint was listed, the sats found there, and why it could not be scanned.
import { useFormats, useTexts, type Formats, type Translate } from '../i18n';
import {
  RESTORE_FOUND_IN,
  RESTORE_MINT_FOUND,
  RESTORE_MINT_FOUND_LOCKED,
  RESTORE_SCANNING,
  RESTORE_SOURCE,
  RESTORE_WAITING,
} from '../locales/restore/en.json';
import { mintErrorText, type RestoreText } from './restore-words';

export type RestoreMintSource = 'settings' | 'wallet' | 'backup' | 'profile' | 'locked-sale';

export interface RestoreMintView {
  mintUrl: string;
  /** absent after the scan ended */
  status?: 'pending' | 'scanning' | 'done' | 'failed';
  foundSats: number;
  /** of foundSats, from sales taken while locked on another device (their backups) */
  lockedSats?: number;
  error?: string;
  /** the error's sentences as catalog keys and values (absent on older scan rows) */
  errorTexts?: readonly RestoreText[];
  sources?: RestoreMintSource[];
}

export const restoreSourcesLine = (t: Translate, sources: RestoreMintSource[]) =>
  t(RESTORE_FOUND_IN, {
    sources: sources.map((s) => t(RESTORE_SOURCE, { source: s.replace('-', '_') })).join(', '),
  });

export function restoreMintState(t: Translate, formats: Formats, mint: RestoreMintView): string {
  const error = mint.status !== 'pending' ? mintErrorText(t, formats, mint) : undefined;
  if (error) return error;
  if (mint.status === 'pending') return t(RESTORE_WAITING);
  const sats = formats.sats(mint.foundSats);
  if (mint.status === 'scanning') return t(RESTORE_SCANNING, { sats });
  return mint.lockedSats
    ? t(RESTORE_MINT_FOUND_LOCKED, { sats, locked: formats.sats(mint.lockedSats) })
    : t(RESTORE_MINT_FOUND, { count: mint.foundSats, sats });
}

export function RestoreMintList({ mints }: { mints: RestoreMintView[] }) {
  const t = useTexts();
  const formats = useFormats();
  if (mints.length === 0) return null;
  return (
    <ul className="space-y-2 text-sm" data-testid="restore-mints">
      {mints.map((mint) => (
        <li key={mint.mintUrl} className="min-w-0" data-testid="restore-mint">
          <p className="break-all font-medium text-slate-800">{mint.mintUrl}</p>
          {mint.sources && mint.sources.length > 0 ? (
            <p className="text-xs text-slate-600">{restoreSourcesLine(t, mint.sources)}</p>
          ) : null}
          <p
            className={mint.error ? 'text-red-700' : 'tabular-nums text-violet-800'}
            data-testid="restore-mint-state"
          >
            {restoreMintState(t, formats, mint)}
          </p>
        </li>
      ))}
    </ul>
  );
}
