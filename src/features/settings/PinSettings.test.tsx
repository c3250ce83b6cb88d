// @vitest-environment happy-dom
// Settings' merchant PIN: changing it asks for the current PIN, removing it is confirmed in plain
// words and asks for the current PIN; a wrong one changes nothing and says how long to wait.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { PinAnswer } from '../../ui/pin/PinPrompt';
import { PinSettings, type PinControl } from './PinSettings';

afterEach(cleanup);

function fakeLock(right = '4821') {
  const calls: string[] = [];
  const answer = (current: string): PinAnswer =>
    current === right ? { ok: true } : { ok: false, waitMs: 2_000, wrong: true };
  const lock: PinControl = {
    init: async () => {},
    state: () => 'unlocked',
    setPin: vi.fn(async () => {}),
    changePin: vi.fn(async (current: string, pin: string) => {
      calls.push(`change ${current} ${pin}`);
      return answer(current);
    }),
    removePin: vi.fn(async (current: string) => {
      calls.push(`remove ${current}`);
      return answer(current);
    }),
  };
  return { lock, calls };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PinSettings with a PIN set', () => {
  it('removing asks what it means and the current PIN; a wrong one removes nothing', async () => {
    const { lock, calls } = fakeLock();
    render(<PinSettings lock={lock} logger={silentLogger} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove PIN' }));
    expect(calls).toEqual([]);
    const confirm = screen.getByRole('alertdialog', { name: 'Remove the PIN?' });
    expect(confirm.textContent).toContain('anyone at this till can withdraw');
    expect(confirm.textContent).toContain('stored unencrypted');

    type('Current PIN', '1111');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove the PIN' }));
    expect(await screen.findByText('Wrong PIN. Try again in 2 s.')).toBeTruthy();
    expect(screen.getByText('A PIN is set.', { exact: false })).toBeTruthy();

    type('Current PIN', '4821');
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove the PIN' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).toEqual(['remove 1111', 'remove 4821']);
    expect(screen.getByRole('button', { name: 'Set PIN' })).toBeTruthy();
  });

  it('Keep the PIN closes the confirmation without asking the lock anything', async () => {
    const { lock, calls } = fakeLock();
    render(<PinSettings lock={lock} logger={silentLogger} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove PIN' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep the PIN' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('changing asks for the current PIN; one that cannot be a PIN is not even tried', async () => {
    const { lock, calls } = fakeLock();
    render(<PinSettings lock={lock} logger={silentLogger} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change PIN' }));
    type('New PIN (4 to 12 digits)', '735910');
    type('Repeat the PIN', '735910');
    fireEvent.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('The PIN must be 4 to 12 digits')).toBeTruthy();
    expect(calls).toEqual([]);

    type('Current PIN', '1111');
    fireEvent.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText('Wrong PIN. Try again in 2 s.')).toBeTruthy();
    type('Current PIN', '4821');
    type('New PIN (4 to 12 digits)', '735910');
    type('Repeat the PIN', '735910');
    fireEvent.click(screen.getByRole('button', { name: 'Save PIN' }));
    await waitFor(() => expect(calls).toEqual(['change 1111 735910', 'change 4821 735910']));
    await waitFor(() => expect(screen.queryByLabelText('Current PIN')).toBeNull());
    expect(lock.setPin).not.toHaveBeenCalled();
  });
});
