// Progress through the linear onboarding flow: numbered steps, the current one highlighted, and
// the frame of a step that shows them.
import { useTexts } from '../../ui/i18n';
import { OnboardingFrame, type OnboardingFrameProps } from './OnboardingFrame';
import {
  STEP_COMPLETE,
  STEP_MINT,
  STEP_OF,
  STEP_PHRASE,
  STEP_RELAYS,
  STEPS_LABEL,
} from './locales/onboarding/en.json';

const STEPS = [STEP_PHRASE, STEP_MINT, STEP_RELAYS, STEP_COMPLETE];

/** `current` is 1-based, matching the "Step N of 4" text. */
export function StepIndicator({ current }: { current: number }) {
  const t = useTexts();
  const labels = STEPS.map((step) => t(step));
  return (
    <nav aria-label={t(STEPS_LABEL)} className="space-y-2">
      <p className="text-xs font-medium text-slate-600">
        {t(STEP_OF, { current, total: labels.length })}
        {/* At phone size the names under the bars are hidden: the current one is named here. */}
        <span className="sm:hidden">: {labels[current - 1]}</span>
      </p>
      <ol className="flex items-center gap-2">
        {labels.map((label, index) => {
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

/** The frame of step `step` of the linear flow, its indicator above the title. */
export function StepFrame({
  step,
  ...frame
}: Omit<OnboardingFrameProps, 'progress'> & { step: number }) {
  return <OnboardingFrame {...frame} progress={<StepIndicator current={step} />} />;
}
