// A row of two or more options where one is chosen (mode toggles, tabs): the track and its buttons.
import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** The grey track; `role`/`aria-label` say what kind of choice it is (group, tablist). */
export function SegmentTrack({
  children,
  ...aria
}: {
  children: ReactNode;
  role: string;
  'aria-label': string;
}) {
  return (
    <div {...aria} className="flex gap-1 rounded-lg bg-slate-100 p-1">
      {children}
    </div>
  );
}

export type SegmentButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  /** Drawn raised; the caller states it for assistive tech too (aria-pressed or aria-selected). */
  selected: boolean;
};

export function SegmentButton({ selected, children, ...props }: SegmentButtonProps) {
  return (
    <button
      type="button"
      {...props}
      className={[
        'min-h-11 flex-1 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600',
        selected ? 'bg-white text-violet-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
      ].join(' ')}
    >
      {children}
    </button>
  );
}

export interface SegmentOption<V extends string> {
  value: V;
  label: ReactNode;
}

/** A group of buttons, one per option, the chosen one pressed (a mode or unit toggle). */
export function SegmentToggle<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  /** What the choice is about: the group's accessible name. */
  label: string;
  options: readonly SegmentOption<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <SegmentTrack role="group" aria-label={label}>
      {options.map((option) => (
        <SegmentButton
          key={option.value}
          selected={option.value === value}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </SegmentButton>
      ))}
    </SegmentTrack>
  );
}
