// Progress through the linear onboarding flow: numbered steps, the current one highlighted.
import { ONBOARDING_STEPS } from './texts';

/** `current` is 1-based, matching the "Step N of 4" text. */
export function StepIndicator({ current }: { current: number }) {
  const total = ONBOARDING_STEPS.length;
  return (
    <nav aria-label="Onboarding progress" className="space-y-2">
      <p className="text-xs font-medium text-slate-600">
        Step {current} of {total}
        {/* At phone size the names under the bars are hidden: the current one is named here. */}
        <span className="sm:hidden">: {ONBOARDING_STEPS[current - 1]}</span>
      </p>
      <ol className="flex items-center gap-2">
        {ONBOARDING_STEPS.map((label, index) => {
          const step = index + 1;
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className="flex flex-1 flex-col gap-1"
              aria-current={state === 'current' ? 'step' : undefined}
              data-state={state}
            >
              <span
                className={[
                  'h-1.5 rounded-full',
                  state === 'todo' ? 'bg-slate-200' : 'bg-violet-600',
                ].join(' ')}
              />
              <span
                className={[
                  'hidden text-xs sm:block',
                  state === 'current' ? 'font-semibold text-violet-700' : 'text-slate-500',
                ].join(' ')}
              >
                {label}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
