// @vitest-environment happy-dom
// A tap on the prerendered welcome before hydration: the first one is kept and its screen fetched,
// the button marked busy; taking it stops the catching.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CREATE_WALLET_PATH,
  GOES_TO_ATTRIBUTE,
  RESTORE_WALLET_PATH,
} from '../../features/onboarding/welcome-taps';
import { catchEarlyTaps } from './early-tap';
import { earlyTapKey } from './next-screens';

function welcome() {
  const root = document.createElement('div');
  root.innerHTML =
    `<h1>Welcome</h1>` +
    `<button ${GOES_TO_ATTRIBUTE}="${CREATE_WALLET_PATH}"><span>Create New Wallet</span></button>` +
    `<button ${GOES_TO_ATTRIBUTE}="${RESTORE_WALLET_PATH}">Restore Existing Wallet</button>`;
  document.body.append(root);
  const [create, restore] = root.querySelectorAll('button');
  return { root, create: create!, restore: restore! };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('catchEarlyTaps', () => {
  it('keeps the first tap: its path, the button busy, its screen fetched once', () => {
    const { root, create, restore } = welcome();
    const fetchAhead = vi.fn();
    const take = catchEarlyTaps(root, fetchAhead);
    // On the label inside the button, as a finger lands.
    create.querySelector('span')!.click();
    create.click();
    restore.click();
    expect(fetchAhead.mock.calls).toEqual([[CREATE_WALLET_PATH]]);
    expect(create.getAttribute('aria-busy')).toBe('true');
    expect(restore.hasAttribute('aria-busy')).toBe(false);
    expect(take()?.path).toBe(CREATE_WALLET_PATH);
  });

  it('settles the tap when what its screen started on screen is done, failed or not', async () => {
    const { root, create } = welcome();
    let done!: () => void;
    const take = catchEarlyTaps(root, () => new Promise<void>((resolve) => (done = resolve)));
    create.click();
    const tap = take()!;
    let settled = false;
    void tap.settled.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    done();
    await tap.settled;
    expect(settled).toBe(true);

    const failing = welcome();
    const takeFailing = catchEarlyTaps(failing.root, () => Promise.reject(new Error('offline')));
    failing.create.click();
    await expect(takeFailing()!.settled).resolves.toBeUndefined();
  });

  it('ignores taps beside the buttons', () => {
    const { root } = welcome();
    const fetchAhead = vi.fn();
    const take = catchEarlyTaps(root, fetchAhead);
    root.querySelector('h1')!.click();
    expect(fetchAhead).not.toHaveBeenCalled();
    expect(take()).toBeUndefined();
  });

  it('catches nothing once taken: React answers the taps from then on', () => {
    const { root, restore } = welcome();
    const fetchAhead = vi.fn();
    const take = catchEarlyTaps(root, fetchAhead);
    expect(take()).toBeUndefined();
    restore.click();
    expect(fetchAhead).not.toHaveBeenCalled();
    expect(restore.hasAttribute('aria-busy')).toBe(false);
    expect(take()).toBeUndefined();
  });
});

describe('earlyTapKey', () => {
  it('keys a path without its query, apart from every path key', () => {
    expect(earlyTapKey(CREATE_WALLET_PATH)).toBe('tap:/onboarding/mnemonic');
    expect(earlyTapKey(RESTORE_WALLET_PATH)).toBe('tap:/onboarding/mnemonic');
  });
});
