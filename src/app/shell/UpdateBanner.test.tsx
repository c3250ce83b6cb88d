// @vitest-environment happy-dom
// A new version is offered with "Update" only while no invoice is being created or shown, and
// pressing it applies the waiting version.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppUpdate, InvoiceActivity } from './app-update';
import { UPDATE_BUTTON_TEXT } from '../locales/banners/en.json';
import { englishText } from '../../ui/i18n';
import { UpdateBanner } from './UpdateBanner';

afterEach(cleanup);

function setup() {
  const update = new AppUpdate();
  const activity = new InvoiceActivity();
  render(<UpdateBanner update={update} activity={activity} />);
  const button = () => screen.queryByRole('button', { name: englishText(UPDATE_BUTTON_TEXT) });
  return { update, activity, button };
}

describe('UpdateBanner', () => {
  it('shows nothing until a new version is waiting', () => {
    const { update, button } = setup();
    expect(button()).toBeNull();
    act(() => update.offer(async () => {}));
    expect(button()).not.toBeNull();
  });

  it('waits while an invoice is shown, and offers the update once it is closed', () => {
    const { update, activity, button } = setup();
    act(() => activity.setShown('quote-1'));
    act(() => update.offer(async () => {}));
    expect(button()).toBeNull();
    act(() => activity.setShown(null));
    expect(button()).not.toBeNull();
  });

  it('waits while an invoice is being created', async () => {
    const { update, activity, button } = setup();
    act(() => update.offer(async () => {}));
    let answer!: () => void;
    let creating!: Promise<void>;
    act(() => {
      creating = activity.whileCreating(() => new Promise<void>((resolve) => (answer = resolve)));
    });
    expect(button()).toBeNull();
    await act(async () => {
      answer();
      await creating;
    });
    expect(button()).not.toBeNull();
  });

  it('a request that hangs holds the update back only for a while', () => {
    vi.useFakeTimers();
    try {
      const { update, activity, button } = setup();
      act(() => update.offer(async () => {}));
      act(() => void activity.whileCreating(() => new Promise<void>(() => {}), 30_000));
      expect(button()).toBeNull();
      act(() => {
        vi.advanceTimersByTime(30_000);
      });
      expect(button()).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('"Update" applies the waiting version', async () => {
    const { update, button } = setup();
    const apply = vi.fn(async () => {});
    act(() => update.offer(apply));
    await userEvent.setup().click(button()!);
    expect(apply).toHaveBeenCalledOnce();
  });
});
