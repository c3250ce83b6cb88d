// The merchant PIN prompt: the lock screen at start and the question before a protected action
// (docs/behaviour.md "Merchant PIN"). It says how long to wait after wrong PINs.
import { useEffect, useId, useState } from 'react';
import { Button } from '../Button';
import { FieldError } from '../forms/FieldError';
import { Form } from '../forms/Form';
import {
  PIN_CANCEL,
  PIN_CHECKING,
  PIN_FIELD_LABEL,
  PIN_FORGOTTEN,
  PIN_SUBMIT,
  PIN_WAIT,
  PIN_WRONG_NOW,
  PIN_WRONG_WAIT,
} from '../locales/pin/en.json';
import type { Translate } from '../i18n';
import { useTexts } from '../i18n';

/** `wrong` false: refused without checking, an earlier wait is not over. */
export type PinAnswer = { ok: true } | { ok: false; waitMs: number; wrong?: boolean };

/** What the prompt needs: a PIN check and the wait before the next one. */
export interface PinCheck {
  enter(pin: string): Promise<PinAnswer>;
  waitMs(): Promise<number>;
}

/**
 * The money-out gate (core/lock TillLock satisfies it): open only shortly after a PIN entered
 * through `openGate` (docs/security.md "The merchant PIN").
 */
export interface PinGate {
  /** Resolves once the lock knows whether a PIN is set; gateOpen() reads false before. */
  init(): Promise<void>;
  gateOpen(): boolean;
  openGate(pin: string): Promise<PinAnswer>;
  waitMs(): Promise<number>;
}

export interface PinPromptProps {
  gate: PinCheck;
  title: string;
  text?: string;
  onUnlocked: () => void;
  /** Omitted: no Cancel (the lock screen). */
  onCancel?: () => void;
  /** false inside a Modal, which shows the title itself */
  showTitle?: boolean;
}

export function PinPrompt({
  gate,
  title,
  text,
  onUnlocked,
  onCancel,
  showTitle = true,
}: PinPromptProps) {
  const t = useTexts();
  const id = useId();
  const messageId = useId();
  const [pin, setPin] = useState('');
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** How long Unlock stays disabled (ms from when it was set); 0: not waiting. */
  const [waitFor, setWaitFor] = useState(0);
  const waiting = waitFor > 0;

  useEffect(() => {
    let active = true;
    void gate.waitMs().then((ms) => {
      if (!active || ms <= 0) return;
      setWaitFor(ms);
      setMessage(pinWaitText(t, ms, false));
    });
    return () => {
      active = false;
    };
  }, [gate, t]);

  // Unlock comes back by itself when the wait is over.
  useEffect(() => {
    if (waitFor <= 0) return;
    const timer = setTimeout(() => setWaitFor(0), waitFor);
    return () => clearTimeout(timer);
  }, [waitFor]);

  async function submit() {
    if (checking || waiting || pin === '') return;
    setChecking(true);
    const answer: PinAnswer = await gate
      .enter(pin)
      .catch(() => ({ ok: false as const, waitMs: 0 }));
    setChecking(false);
    setPin('');
    if (answer.ok) return onUnlocked();
    if (answer.waitMs > 0) setWaitFor(answer.waitMs);
    setMessage(pinRefusedText(t, answer));
  }

  return (
    <Form onSubmit={submit} className="space-y-4" aria-label={title} data-testid="pin-prompt">
      {showTitle ? <h2 className="text-lg font-semibold text-slate-900">{title}</h2> : null}
      {text ? <p className="text-sm text-slate-600">{text}</p> : null}
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {t(PIN_FIELD_LABEL)}
        </label>
        <input
          id={id}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          maxLength={12}
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/[^0-9]/g, ''))}
          aria-describedby={message ? messageId : undefined}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-lg tracking-widest focus:border-violet-600 focus:ring-2 focus:ring-violet-200 focus:outline-none"
        />
        {message ? <FieldError id={messageId}>{message}</FieldError> : null}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={checking || waiting || pin === ''} aria-busy={checking}>
          {checking ? t(PIN_CHECKING) : t(PIN_SUBMIT)}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t(PIN_CANCEL)}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-slate-500">{t(PIN_FORGOTTEN)}</p>
    </Form>
  );
}

/** After a wrong PIN, or when a wait from earlier wrong PINs is not over. */
export function pinWaitText(t: Translate, waitMs: number, wrong: boolean): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds >= 60 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`;
  return t(wrong ? PIN_WRONG_WAIT : PIN_WAIT, { wait });
}
/** The message for a refused PIN (wrong, or tried before the wait was over). */
export function pinRefusedText(t: Translate, answer: { waitMs: number; wrong?: boolean }): string {
  if (answer.waitMs > 0) return pinWaitText(t, answer.waitMs, answer.wrong !== false);
  return t(PIN_WRONG_NOW);
}
