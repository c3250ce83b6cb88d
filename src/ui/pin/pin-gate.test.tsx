// @vitest-environment happy-dom
// The PIN in front of a protected action: asked only while the gate is closed, the action runs
// after a correct PIN, and a wrong one says how long to wait.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePinGate } from './pin-gate';
import type { PinAnswer, PinGate } from './PinPrompt';
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Messages } from '../../core/i18n/messages';
import { LanguageContext } from '../i18n';
import * as SPANISH from '../locales/pin/es.json';

/** The PIN texts' Spanish, as the app loads them when Spanish is chosen. */
const spanish = {
  formats: intlFormats('es'),
  messages: (SPANISH as unknown as { messages: Messages }).messages,
};

afterEach(() => {
  cleanup();
  document.body.style.overflow = '';
});

function fakeGate(open: boolean, answers: PinAnswer[]): PinGate & { entered: string[] } {
  const entered: string[] = [];
  return {
    entered,
    gateOpen: () => open,
    init: async () => {},
    waitMs: async () => 0,
    openGate: async (pin) => {
      entered.push(pin);
      return answers.shift() ?? { ok: false, waitMs: 0 };
    },
  };
}

function Withdraw({ gate, onRun }: { gate: PinGate | undefined; onRun: () => void }) {
  const { guard, prompt } = usePinGate(gate);
  return (
    <>
      <button onClick={() => guard(onRun)}>Withdraw</button>
      {prompt}
    </>
  );
}

describe('usePinGate', () => {
  it('runs the action at once without a PIN or while the gate is open', () => {
    const onRun = vi.fn();
    render(<Withdraw gate={undefined} onRun={onRun} />);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    cleanup();
    render(<Withdraw gate={fakeGate(true, [])} onRun={onRun} />);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(onRun).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first while the gate is closed: a wrong PIN says how long to wait, the right one runs it', async () => {
    const onRun = vi.fn();
    const gate = fakeGate(false, [{ ok: false, waitMs: 300 }, { ok: true }]);
    render(<Withdraw gate={gate} onRun={onRun} />);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter the merchant PIN' });
    expect(dialog.textContent).toContain('recovery phrase');
    expect(onRun).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('Wrong PIN. Try again in 1 s.')).toBeTruthy();
    expect(onRun).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Unlock' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // Unlock comes back by itself once the wait is over.
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '4821' } });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Unlock' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(onRun).toHaveBeenCalledTimes(1));
    expect(gate.entered).toEqual(['0000', '4821']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Spanish when Spanish is chosen: the title, then the wait after a wrong PIN', async () => {
    const gate = fakeGate(false, [
      { ok: false, waitMs: 90_000 },
      { ok: false, waitMs: 0 },
    ]);
    render(
      <LanguageContext.Provider value={spanish}>
        <Withdraw gate={gate} onRun={() => {}} />
      </LanguageContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('dialog', { name: 'Introduce el PIN del comercio' });
    fireEvent.change(screen.getByLabelText('PIN'), { target: { value: '0000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Desbloquear' }));
    expect(await screen.findByText('PIN incorrecto. Vuelve a intentarlo en 2 min.')).toBeTruthy();
  });

  it('Cancel closes the prompt without running the action', async () => {
    const onRun = vi.fn();
    render(<Withdraw gate={fakeGate(false, [])} onRun={onRun} />);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onRun).not.toHaveBeenCalled();
  });

  it('a tap before the lock has read whether a PIN is set waits for it, then asks or runs', async () => {
    const onRun = vi.fn();
    let read!: () => void;
    const reading = new Promise<void>((resolve) => (read = resolve));
    let known = false;
    const gate = { ...fakeGate(false, []), init: () => reading, gateOpen: () => known };
    render(<Withdraw gate={gate} onRun={onRun} />);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await Promise.resolve();
    expect(onRun).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    // No PIN set after all: the gate reads open once known, and the action runs without asking.
    known = true;
    read();
    await waitFor(() => expect(onRun).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
