// Inline error under a form field, announced to screen readers.
import type { ReactNode } from 'react';

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
