// Shared frame of the onboarding screens: centred card, product name, optional step indicator.
import type { ReactNode } from 'react';

export interface OnboardingFrameProps {
  title: string;
  subtitle?: ReactNode;
  /**
   * The step indicator of the linear flow (StepIndicator); omitted on welcome and the legacy page.
   * Passed in, so the welcome's code (on every first visit) holds neither it nor the steps' texts.
   */
  progress?: ReactNode;
  children?: ReactNode;
  /** Back/Continue row pinned under the content. */
  actions?: ReactNode;
}

export function OnboardingFrame({
  title,
  subtitle,
  progress,
  children,
  actions,
}: OnboardingFrameProps) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-gradient-to-b from-violet-50 to-slate-50 px-4 py-8 sm:items-center sm:py-12">
      <div className="w-full max-w-lg space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="text-sm font-semibold tracking-wide text-violet-700 uppercase">Cashew POS</p>
        {progress}
        <header className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle ? <p className="text-sm text-slate-600">{subtitle}</p> : null}
        </header>
        {children}
        {actions ? (
          <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
            {actions}
          </div>
        ) : null}
      </div>
    </main>
  );
}
