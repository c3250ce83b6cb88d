// Shared frame of the onboarding screens: centred card with the product name above it.
import type { ReactNode } from 'react';

export function OnboardingFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-lg space-y-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-violet-700 uppercase">Cashew POS</p>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}
