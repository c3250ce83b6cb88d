// Every mint of a restore scan, in the progress panel and after it ends (docs/behaviour.md,
// "Recover funds"): where the mint was listed, what it gave per unit, and why it could not be scanned.
import { useFormats, useTexts, type Formats, type Translate } from '../i18n';
import {
  RESTORE_FOUND_IN,
  RESTORE_MINT_FOUND,
  RESTORE_MINT_FOUND_AMOUNTS,
  RESTORE_MINT_FOUND_AMOUNTS_LOCKED,
  RESTORE_MINT_FOUND_LOCKED,
  RESTORE_SATS,
  RESTORE_SCANNING,
  RESTORE_SCANNING_AMOUNTS,
  RESTORE_SOURCE,
  RESTORE_WAITING,
} from '../locales/restore/en.json';
import { formatAmount, parseUnit } from '../domain-views';
import { mintErrorText, type RestoreText } from './restore-words';

export type RestoreMintSource = 'settings' | 'wallet' | 'backup' | 'profile' | 'locked-sale';

export interface RestoreMintView {
  mintUrl: string;
  /** absent after the scan ended */
  status?: 'pending' | 'scanning' | 'done' | 'failed';
  foundSats: number;
  /** minor units found per other unit (cents of usd, …), never added to the sats */
  foundInUnits?: Partial<Record<string, number>>;
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

/**
 * What a mint gave in units other than sats, each in its own unit after the sats ("7 sats,
 * 3.52 USD"; "3.50 USD" when no sat came back); undefined when it gave only sats.
 */
export function foundAmounts(
  t: Translate,
  formats: Formats,
  mint: Pick<RestoreMintView, 'foundSats' | 'foundInUnits'>,
): string | undefined {
  const others = Object.entries(mint.foundInUnits ?? {}).flatMap(([code, minor]) => {
    const unit = parseUnit(code);
    return unit && unit !== 'sat' && minor
      ? [formatAmount({ unit, minor }, formats, () => '')]
      : [];
  });
  if (others.length === 0) return undefined;
  const sats = t(RESTORE_SATS, { count: mint.foundSats, sats: formats.sats(mint.foundSats) });
  return [...(mint.foundSats > 0 ? [sats] : []), ...others].join(', ');
}

export function restoreMintState(t: Translate, formats: Formats, mint: RestoreMintView): string {
  const error = mint.status !== 'pending' ? mintErrorText(t, formats, mint) : undefined;
  if (error) return error;
  if (mint.status === 'pending') return t(RESTORE_WAITING);
  const amounts = foundAmounts(t, formats, mint);
  if (amounts !== undefined) {
    if (mint.status === 'scanning') return t(RESTORE_SCANNING_AMOUNTS, { amounts });
    return mint.lockedSats
      ? t(RESTORE_MINT_FOUND_AMOUNTS_LOCKED, { amounts, locked: formats.sats(mint.lockedSats) })
      : t(RESTORE_MINT_FOUND_AMOUNTS, { amounts });
  }
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
