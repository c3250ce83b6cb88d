// The pieces every "show a value, copy it" view shares: amount, label with badge, copy and Close.
import type { ReactNode } from 'react';
import { Button } from './Button';
import { CopiedBadge } from './CopiedBadge';
import { formatSats } from './format-sats';

/** The amount in sats, large, above the QR code. */
export function ModalAmount({ amount, testId }: { amount?: number; testId: string }) {
  if (amount === undefined) return null;
  return (
    <p data-testid={testId} className="text-3xl font-bold text-violet-700 tabular-nums">
      {formatSats(amount)} sats
    </p>
  );
}

/** The value's label; the "Copied" confirmation sits on this line, reserving no space below. */
export function CopyLabel({ children, copied }: { children: ReactNode; copied: boolean }) {
  return (
    <div className="flex w-full items-center justify-between gap-2">
      <p className="text-sm font-medium text-slate-700">{children}</p>
      <CopiedBadge visible={copied} />
    </div>
  );
}

export interface CopyCloseButtonsProps {
  copyLabel: string;
  onCopy: () => void;
  onClose: () => void;
}

/** The copy (primary) and Close buttons, stacked on small screens. */
export function CopyCloseButtons({ copyLabel, onCopy, onClose }: CopyCloseButtonsProps) {
  return (
    <div className="flex w-full flex-col gap-2 sm:flex-row">
      <Button size="lg" className="w-full sm:w-auto sm:flex-1" onClick={onCopy}>
        {copyLabel}
      </Button>
      <Button size="lg" variant="outline" className="w-full sm:w-auto sm:flex-1" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}
