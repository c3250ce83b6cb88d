// The pieces every "show a value, copy it" view shares: amount, label with badge, copy and Close.
import type { ReactNode } from 'react';
import { Button } from '../Button';
import { CopiedBadge } from './CopiedBadge';
import { useFormats, useTexts } from '../i18n';
import { AMOUNT_SATS, CLOSE } from '../locales/invoice/en.json';

/**
 * The amount in sats, large, above the QR code; `text` instead when the amount is in another unit
 * and the caller has written it ("1.00 USD").
 */
export function ModalAmount({
  amount,
  text,
  testId,
}: {
  amount?: number | undefined;
  text?: string | undefined;
  testId: string;
}) {
  const t = useTexts();
  const formats = useFormats();
  if (amount === undefined && text === undefined) return null;
  return (
    <p data-testid={testId} className="text-3xl font-bold text-violet-700 tabular-nums">
      {text ?? t(AMOUNT_SATS, { count: amount!, sats: formats.sats(amount!) })}
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

const VALUE_CLASS =
  'mt-1 rounded-lg bg-slate-100 p-3 font-mono text-xs break-all text-slate-800 select-all';
// A long value scrolls in its box, which is focusable so a keyboard can scroll it (axe:
// scrollable-region-focusable).
const SCROLLED_CLASS =
  'mt-1 max-h-28 overflow-y-auto rounded-lg bg-slate-100 p-3 font-mono text-xs break-all text-slate-800 select-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600';

/** The value written out under its label, selectable; `scroll` caps a long one's height. */
export function CopyValue({
  label,
  copied,
  testId,
  scroll = false,
  children,
}: {
  label: ReactNode;
  copied: boolean;
  testId: string;
  scroll?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="w-full">
      <CopyLabel copied={copied}>{label}</CopyLabel>
      <p
        data-testid={testId}
        tabIndex={scroll ? 0 : undefined}
        className={scroll ? SCROLLED_CLASS : VALUE_CLASS}
      >
        {children}
      </p>
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
  const t = useTexts();
  return (
    <div className="flex w-full flex-col gap-2 sm:flex-row">
      <Button size="lg" className="w-full sm:w-auto sm:flex-1" onClick={onCopy}>
        {copyLabel}
      </Button>
      <Button size="lg" variant="outline" className="w-full sm:w-auto sm:flex-1" onClick={onClose}>
        {t(CLOSE)}
      </Button>
    </div>
  );
}
