// A status line with a small spinner: something is on its way (an invoice, a list of mints).
import type { ReactNode } from 'react';

/** `className` adds the colour and spacing of the place it sits in. */
export function BusyStatus({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <p role="status" className={`flex items-center gap-2 text-sm ${className}`}>
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-violet-300 border-t-violet-700"
      />
      {children}
    </p>
  );
}
