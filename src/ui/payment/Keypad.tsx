// Amount keypad (docs/behaviour.md "Point of sale"): on-screen digits plus window keyboard
// shortcuts.
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useTexts } from '../i18n';
import { LineIcon } from '../LineIcon';
import {
  INITIAL_AMOUNT,
  keypadAmountReducer,
  parseKeypadAmount,
  type KeypadAction,
} from './keypad-amount';
import {
  KEYPAD_BACKSPACE,
  KEYPAD_CLEAR,
  KEYPAD_SUBMIT,
  ZERO_AMOUNT_HINT,
} from '../locales/keypad/en.json';

/** Bounds of the amount, each with the hint shown when a key or Submit would cross it. */
export interface KeypadLimits {
  /** Submit below this shows `belowHint`. */
  min?: { value: number; hint: string };
  /** A digit that would take the amount above this is refused with `aboveHint`. */
  max?: { value: number; hint: string };
}

export interface KeypadProps {
  /** Called with the integer amount; never called for 0. */
  onSubmit: (amount: number) => void;
  /** While true (e.g. the invoice modal is open) buttons and keys do nothing. */
  disabled?: boolean;
  /**
   * Keys do nothing while this says so, as when disabled, without a render: an invoice being made
   * before the busy state renders (ui/payment/use-invoice-flow.ts BUSY_RENDER_AFTER_MS).
   */
  held?: () => boolean;
  /** Any change of this value resets the amount to 0 (e.g. after a payment is received). */
  resetKey?: unknown;
  /** Unit shown after the amount. */
  unit?: string;
  /** The mint's amount limits; none by default. */
  limits?: KeypadLimits;
  /** The digits as shown (a currency's decimals); the digits themselves when omitted. */
  display?: (digits: string) => string;
  /** The amount in the other unit, shown below it (sats under a fiat amount and back). */
  other?: (digits: string) => string | null;
  /** Shown beside the amount: the unit toggle. */
  toggle?: ReactNode;
  /** A short note below the amount (a stale price, prices unavailable). */
  note?: string | null;
  /**
   * Keep the rows of `other`/`toggle` and `note` in place even while they are empty (a display
   * currency is set but its price has not come yet), so the keys do not jump when it comes.
   */
  steadyLines?: boolean;
  className?: string;
  /** The Submit button, e.g. for focus to come back to it after the invoice modal. */
  submitRef?: Ref<HTMLButtonElement>;
  /** Another way to take the typed amount (the point of sale's "Receive ecash"), under Submit. */
  secondary?: { label: string; onSubmit: (amount: number) => void };
}

/** Rows of docs/behaviour.md "Point of sale": 7-8-9, 4-5-6, 1-2-3, then 0. */
export const KEYPAD_ROWS = [
  ['7', '8', '9'],
  ['4', '5', '6'],
  ['1', '2', '3'],
] as const;

// The keypad's text reuses the sizes and weights already on the screen (Clear as Submit, the unit
// as Submit, Receive ecash as the Keypad/Items switch): each new size and weight is one more font
// strike its first layout builds (docs/decisions/0002-first-load.md).
const keyBase =
  'flex h-16 items-center justify-center rounded-2xl text-2xl font-semibold select-none ' +
  'transition-[background-color,transform] active:scale-[0.97] ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 disabled:active:scale-100 sm:h-20';
const digitKey = `${keyBase} bg-white text-slate-900 shadow-sm ring-1 ring-slate-200 hover:bg-violet-50`;
const actionKey = `${keyBase} bg-slate-100 text-slate-600 hover:bg-slate-200 text-xl`;

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target.tagName === 'INPUT' ||
    target.tagName === 'TEXTAREA' ||
    target.tagName === 'SELECT'
  );
}

export function Keypad({
  onSubmit,
  disabled = false,
  held,
  resetKey,
  unit = 'sats',
  limits,
  display,
  other,
  toggle,
  note,
  steadyLines = false,
  className,
  submitRef,
  secondary,
}: KeypadProps) {
  const t = useTexts();
  const [amount, setAmount] = useState(INITIAL_AMOUNT);
  const [hint, setHint] = useState<string | null>(null);
  const [seenResetKey, setSeenResetKey] = useState(resetKey);
  const rootRef = useRef<HTMLDivElement>(null);
  // The key last pressed with a pointer: a digit tapped and then Enter (a mouse, a scanner) still
  // submits; a digit reached with Tab is a keyboard user's, whose Enter presses that digit.
  const pointerKeyRef = useRef<EventTarget | null>(null);

  // Reset during render (not in an effect) so the stale amount is never painted.
  if (!Object.is(resetKey, seenResetKey)) {
    setSeenResetKey(resetKey);
    setAmount(INITIAL_AMOUNT);
    setHint(null);
  }

  const max = limits?.max;
  // Keys come faster than renders (see below), so the amount they build on is kept in a ref too.
  const amountRef = useRef(amount);
  useLayoutEffect(() => {
    amountRef.current = amount;
  }, [amount]);
  const apply = useCallback(
    (action: KeypadAction) => {
      if (held?.()) return;
      const next = keypadAmountReducer(amountRef.current, action);
      if (action.type === 'digit' && max && parseKeypadAmount(next) > max.value) {
        // Refused while typing: the mint would refuse the invoice anyway.
        setHint(max.hint);
        return;
      }
      amountRef.current = next;
      setAmount(next);
      setHint(null);
    },
    [max, held],
  );

  /** The typed amount if it can be taken, else null with the hint saying why. */
  const checked = useCallback((): number | null => {
    const value = parseKeypadAmount(amountRef.current);
    if (value <= 0) {
      setHint(t(ZERO_AMOUNT_HINT));
      return null;
    }
    if (limits?.min && value < limits.min.value) {
      setHint(limits.min.hint);
      return null;
    }
    if (limits?.max && value > limits.max.value) {
      setHint(limits.max.hint);
      return null;
    }
    setHint(null);
    return value;
  }, [limits, t]);
  const submit = useCallback(() => {
    if (held?.()) return;
    const value = checked();
    if (value !== null) onSubmit(value);
  }, [checked, onSubmit, held]);

  const isKeyReachedByKeyboard = (target: EventTarget | null): boolean =>
    target instanceof HTMLButtonElement &&
    target.dataset.keypadKey !== undefined &&
    rootRef.current?.contains(target) === true &&
    pointerKeyRef.current !== target;

  // One window listener for the keypad's life, calling the handler of the latest render. Keys
  // that arrive faster than frames (a quick typist, a barcode scanner, "5" then Enter) must see
  // the amount the previous key made; a listener re-attached by a passive effect would still hold
  // the old one until the next frame. Layout effects run as soon as a render commits.
  const onKeyDownRef = useRef<(event: KeyboardEvent) => void>(() => {});
  useLayoutEffect(() => {
    onKeyDownRef.current = (event: KeyboardEvent) => {
      if (disabled) return;
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isEditable(event.target)) return;
      const key = event.key;
      if (/^[0-9]$/.test(key)) {
        apply({ type: 'digit', digit: key });
      } else if (key === 'Backspace') {
        apply({ type: 'backspace' });
      } else if (key === 'Escape' || key === 'Delete') {
        apply({ type: 'clear' });
      } else if (key === 'Enter') {
        // Enter on a focused control elsewhere (a nav link, a button) belongs to that control.
        const target = event.target;
        const foreignControl =
          target instanceof HTMLElement &&
          target.closest('button, a, [role="button"]') !== null &&
          !rootRef.current?.contains(target);
        if (foreignControl || event.repeat) return;
        if (isKeyReachedByKeyboard(target)) return;
        submit();
      } else {
        return;
      }
      // Stops a focused keypad button from also being activated by the same Enter press.
      event.preventDefault();
    };
  });
  // Attached before the first paint: a passive effect may run after the keypad is painted, and
  // keys typed in between (a test, a scanner right after the page opens) were lost.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => onKeyDownRef.current(event);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const digitButton = (digit: string) => (
    <button
      key={digit}
      type="button"
      className={digitKey}
      disabled={disabled}
      data-keypad-key
      onClick={() => apply({ type: 'digit', digit })}
    >
      {digit}
    </button>
  );

  return (
    <div
      ref={rootRef}
      className={['mx-auto flex w-full max-w-sm flex-col gap-4', className]
        .filter(Boolean)
        .join(' ')}
      data-disabled={disabled || undefined}
      onPointerDown={(event) => {
        pointerKeyRef.current = (event.target as Element).closest('button');
      }}
      onFocus={(event) => {
        // Focus that no pointer brought (Tab) forgets the tapped key.
        if (event.target !== pointerKeyRef.current) pointerKeyRef.current = null;
      }}
    >
      <div className="flex min-h-28 flex-col items-center justify-end rounded-3xl bg-gradient-to-br from-violet-700 to-purple-600 px-4 py-5 text-white shadow-lg">
        <output
          data-testid="keypad-amount"
          className="flex max-w-full items-baseline gap-2 font-bold tabular-nums"
        >
          <span className="min-w-0 text-5xl break-all sm:text-6xl">
            {display ? display(amount) : amount}
          </span>{' '}
          <span className="text-xl font-semibold text-violet-200">{unit}</span>
        </output>
        {other || toggle || steadyLines ? (
          // At least one line high (steady while empty), taller for a unit toggle of full touch size,
          // which would otherwise spill over the amount; wrapping on a narrow phone.
          <div className="mt-1 flex min-h-7 flex-wrap items-center justify-center gap-2 text-sm font-medium text-violet-100">
            {other ? (
              <span data-testid="keypad-other" className="tabular-nums">
                {other(amount)}
              </span>
            ) : null}
            {toggle}
          </div>
        ) : null}
        {note ? (
          <p data-testid="keypad-note" className="mt-1 min-h-4 text-xs text-violet-200">
            {note}
          </p>
        ) : steadyLines ? (
          <p aria-hidden="true" className="mt-1 min-h-4" />
        ) : null}
        <div className="mt-1 h-5 text-sm font-medium text-amber-200">
          {hint ? <p role="alert">{hint}</p> : null}
        </div>
      </div>

      <div className="grid grid-cols-3 gap-3">
        {KEYPAD_ROWS.flat().map(digitButton)}
        <button
          type="button"
          className={actionKey}
          disabled={disabled}
          data-keypad-key
          onClick={() => apply({ type: 'clear' })}
        >
          {t(KEYPAD_CLEAR)}
        </button>
        {digitButton('0')}
        <button
          type="button"
          aria-label={t(KEYPAD_BACKSPACE)}
          title={t(KEYPAD_BACKSPACE)}
          className={actionKey}
          disabled={disabled}
          data-keypad-key
          onClick={() => apply({ type: 'backspace' })}
        >
          <LineIcon viewBox="0 0 24 24" className="h-7 w-7" strokeWidth={2}>
            <path d="M21 5H9l-6 7 6 7h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1Z" />
            <path d="m17 9-6 6M11 9l6 6" />
          </LineIcon>
        </button>
      </div>

      <button
        ref={submitRef}
        type="button"
        className="h-16 w-full rounded-2xl bg-violet-700 text-xl font-semibold text-white shadow-md transition-colors hover:bg-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 active:bg-violet-900 disabled:cursor-not-allowed disabled:opacity-50 sm:h-20"
        disabled={disabled}
        onClick={submit}
      >
        {t(KEYPAD_SUBMIT)}
      </button>
      {secondary ? (
        <button
          type="button"
          className="min-h-11 w-full rounded-2xl bg-white text-sm font-medium text-violet-800 ring-1 ring-violet-300 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:cursor-not-allowed disabled:opacity-50"
          disabled={disabled}
          onClick={() => {
            if (held?.()) return;
            const value = checked();
            if (value !== null) secondary.onSubmit(value);
          }}
        >
          {secondary.label}
        </button>
      ) : null}
    </div>
  );
}
