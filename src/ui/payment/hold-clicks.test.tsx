// @vitest-environment happy-dom
// The cart's controls are held while an invoice is made, before its busy render disables them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { holdClicksWhile } from './hold-clicks';

afterEach(cleanup);

describe('holdClicksWhile', () => {
  it('stops clicks inside while held, and lets them through otherwise', async () => {
    let held = false;
    const add = vi.fn();
    render(
      <div onClickCapture={holdClicksWhile(() => held)}>
        <button type="button" onClick={add}>
          +
        </button>
      </div>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '+' }));
    expect(add).toHaveBeenCalledTimes(1);
    held = true;
    await user.click(screen.getByRole('button', { name: '+' }));
    expect(add).toHaveBeenCalledTimes(1);
    held = false;
    await user.click(screen.getByRole('button', { name: '+' }));
    expect(add).toHaveBeenCalledTimes(2);
  });
});
