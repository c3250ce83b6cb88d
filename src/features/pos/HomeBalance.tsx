// Home's balance line: its own component, so a new balance renders this line alone, not the keypad,
// the invoice and the Items side with it (docs/performance.md "Taps").
import { useLayoutEffect } from 'react';
import { useFormats, useTexts } from '../../ui/i18n';
import type { Unit } from '../../core/units/unit';
import type { PosServices } from './deps';
import { useBalance } from './use-balance';
import { BALANCE_SATS } from './locales/keypad/en.json';

export interface HomeBalanceProps {
  services: Pick<PosServices, 'storage' | 'events'>;
  /** The till unit and its decimals as read with the balance; called again only when they change. */
  onUnit: (unit: Unit, decimals: number) => void;
}

export function HomeBalance({ services, onUnit }: HomeBalanceProps) {
  const t = useTexts();
  const formats = useFormats();
  const balance = useBalance(services);
  const unit = balance?.unit;
  const decimals = balance?.decimals;
  // Before the paint: a fiat till's keypad takes its unit in the frame the balance first shows.
  useLayoutEffect(() => {
    if (unit !== undefined && decimals !== undefined) onUnit(unit, decimals);
  }, [unit, decimals, onUnit]);
  return (
    <span
      data-testid="home-balance"
      data-balance={balance?.minor}
      data-unit={balance?.unit}
      className="block text-sm font-medium text-slate-800 tabular-nums"
    >
      {balance === null
        ? '…'
        : balance.unit === 'sat'
          ? t(BALANCE_SATS, { count: balance.minor, sats: formats.sats(balance.minor) })
          : formats.fiat(balance.minor, balance.unit.toUpperCase(), balance.decimals)}
    </span>
  );
}
