// The lines a screen shows while what it reads is on its way, and when reading it failed.
import type { ReactNode } from 'react';

export function LoadingNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-slate-500">
      {children}
    </p>
  );
}

export function LoadFailedNote({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {children}
    </p>
  );
}
