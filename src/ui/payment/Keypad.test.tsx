// @vitest-environment happy-dom
// Keypad component: on-screen buttons, keyboard shortcuts, disabled state, reset and zero guard.
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { englishText } from '../i18n';
import { Keypad } from './Keypad';
import { ZERO_AMOUNT_HINT as ZERO_AMOUNT } from '../locales/keypad/en.json';

const ZERO_AMOUNT_HINT = englishText(ZERO_AMOUNT);

afterEach(cleanup);

const amountText = () => screen.getByTestId('keypad-amount').textContent;

function setup(props: Partial<Parameters<typeof Keypad>[0]> = {}) {
  const onSubmit = vi.fn<(amount: number) => void>();
  const user = userEvent.setup();
  const view = render(<Keypad onSubmit={onSubmit} {...props} />);
  return { onSubmit, user, view };
}

describe('Keypad', () => {
  it('shows 0 sats initially', () => {
    setup();
    expect(amountText()).toBe('0 sats');
  });

  it('lays digits out in rows 7-8-9, 4-5-6, 1-2-3, then 0', () => {
    setup();
    const digits = screen
      .getAllByRole('button')
      .map((button) => button.textContent ?? '')
      .filter((text) => /^[0-9]$/.test(text));
    expect(digits).toEqual(['7', '8', '9', '4', '5', '6', '1', '2', '3', '0']);
  });

  it('has Backspace, Clear and Submit buttons by those accessible names', () => {
    setup();
    for (const name of ['Backspace', 'Clear', 'Submit']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('submits what was typed when Enter follows a digit at once (a fast typist, a scanner)', async () => {
    const { onSubmit } = setup();
    // Each key is its own browser task: the page renders in between, but no frame is painted
    // (effects that wait for the next frame have not run yet).
    vi.stubGlobal('requestAnimationFrame', () => 0);
    onTestFinished(() => void vi.unstubAllGlobals());
    const press = async (key: string) => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    await press('4');
    await press('2');
    await press('Enter');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(42);
    expect(screen.queryByText(ZERO_AMOUNT_HINT)).toBeNull();
  });

  it('builds the amount from clicked digits and submits it as an integer', async () => {
    const { user, onSubmit } = setup();
    for (const digit of ['0', '2', '1', '0', '0']) {
      await user.click(screen.getByRole('button', { name: digit }));
    }
    expect(amountText()).toBe('2100 sats');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(2100);
  });

  it('Backspace and Clear buttons edit the amount', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: '4' }));
    await user.click(screen.getByRole('button', { name: '2' }));
    await user.click(screen.getByRole('button', { name: 'Backspace' }));
    expect(amountText()).toBe('4 sats');
    await user.click(screen.getByRole('button', { name: 'Backspace' }));
    expect(amountText()).toBe('0 sats');
    await user.click(screen.getByRole('button', { name: '9' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(amountText()).toBe('0 sats');
  });

  it('does not submit 0 and explains why', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(ZERO_AMOUNT_HINT);
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keyboard: digits type, Enter submits, Backspace deletes', async () => {
    const { user, onSubmit } = setup();
    await user.keyboard('1234');
    expect(amountText()).toBe('1234 sats');
    await user.keyboard('{Backspace}');
    expect(amountText()).toBe('123 sats');
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(123);
  });

  it('keyboard: Escape and Delete clear', async () => {
    const { user } = setup();
    await user.keyboard('77');
    await user.keyboard('{Escape}');
    expect(amountText()).toBe('0 sats');
    await user.keyboard('88');
    await user.keyboard('{Delete}');
    expect(amountText()).toBe('0 sats');
  });

  it('Enter on a focused digit button submits once without also typing that digit', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: '6' }));
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(6);
    expect(amountText()).toBe('6 sats');
  });

  it('Enter on a digit reached with Tab presses that digit (keyboard only), and Submit submits', async () => {
    const { user, onSubmit } = setup();
    screen.getByRole('button', { name: '7' }).focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('8');
    await user.keyboard('{Enter}');
    expect(amountText()).toBe('78 sats');
    expect(onSubmit).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Submit' }).focus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith(78);
  });

  it('ignores keys typed into a text field elsewhere on the page', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="note" />
        <Keypad onSubmit={onSubmit} />
      </>,
    );
    await user.type(screen.getByLabelText('note'), '42{Enter}');
    expect(amountText()).toBe('0 sats');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while disabled, keys and buttons neither change nor resubmit the amount', async () => {
    const { user, onSubmit, view } = setup();
    await user.keyboard('50{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    view.rerender(<Keypad onSubmit={onSubmit} disabled />);
    await user.keyboard('9{Backspace}{Escape}{Delete}{Enter}');
    await user.click(screen.getByRole('button', { name: '1' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(amountText()).toBe('50 sats');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    for (const button of screen.getAllByRole('button')) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }

    view.rerender(<Keypad onSubmit={onSubmit} />);
    await user.keyboard('1');
    expect(amountText()).toBe('501 sats');
  });

  it('while held (an invoice being made, not yet rendered busy), keys and buttons do nothing', async () => {
    let held = false;
    const other = vi.fn<(amount: number) => void>();
    const { user, onSubmit } = setup({
      held: () => held,
      secondary: { label: 'Receive ecash', onSubmit: other },
    });
    await user.keyboard('50{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    held = true;
    await user.keyboard('9{Backspace}{Escape}{Delete}{Enter}');
    await user.click(screen.getByRole('button', { name: '1' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(screen.getByRole('button', { name: 'Receive ecash' }));
    expect(amountText()).toBe('50 sats');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();

    held = false;
    await user.keyboard('1');
    expect(amountText()).toBe('501 sats');
  });

  it('resets to 0 when resetKey changes, and only then', async () => {
    const { user, onSubmit, view } = setup({ resetKey: 0 });
    await user.keyboard('321');
    view.rerender(<Keypad onSubmit={onSubmit} resetKey={0} />);
    expect(amountText()).toBe('321 sats');
    view.rerender(<Keypad onSubmit={onSubmit} resetKey={1} />);
    expect(amountText()).toBe('0 sats');
  });

  it('ignores a digit that would exceed Number.MAX_SAFE_INTEGER', async () => {
    const { user, onSubmit } = setup();
    await user.keyboard(`${Number.MAX_SAFE_INTEGER}9`);
    expect(amountText()).toBe(`${Number.MAX_SAFE_INTEGER} sats`);
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(Number.MAX_SAFE_INTEGER);
  });

  describe("with the mint's amount limits", () => {
    const limits = {
      min: { value: 10, hint: 'at least 10' },
      max: { value: 500, hint: 'at most 500' },
    };

    it('refuses a digit that would go above the maximum, keeps the amount and says why', async () => {
      const { user, onSubmit } = setup({ limits });
      await user.keyboard('50');
      expect(amountText()).toBe('50 sats');
      await user.keyboard('1');
      expect(amountText()).toBe('50 sats');
      expect(screen.getByRole('alert').textContent).toBe('at most 500');
      await user.keyboard('0{Enter}');
      expect(amountText()).toBe('500 sats');
      expect(onSubmit).toHaveBeenCalledWith(500);
    });

    it('refuses Submit below the minimum and says why', async () => {
      const { user, onSubmit } = setup({ limits });
      await user.keyboard('9{Enter}');
      expect(onSubmit).not.toHaveBeenCalled();
      expect(screen.getByRole('alert').textContent).toBe('at least 10');
      await user.keyboard('{Backspace}10{Enter}');
      expect(onSubmit).toHaveBeenCalledWith(10);
    });
  });

  it('a second button takes the typed amount elsewhere, with the same zero guard; Submit is not called', async () => {
    const other = vi.fn<(amount: number) => void>();
    const { onSubmit, user } = setup({ secondary: { label: 'Receive ecash', onSubmit: other } });
    const button = screen.getByRole('button', { name: 'Receive ecash' });
    await user.click(button);
    expect(screen.getByRole('alert').textContent).toBe(ZERO_AMOUNT_HINT);
    expect(other).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '4' }));
    await user.click(screen.getByRole('button', { name: '2' }));
    await user.click(button);
    expect(other).toHaveBeenCalledWith(42);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
