// fireConfetti: one burst with the parameters of docs/behaviour.md "Point of sale"; a loading
// failure goes to onError only.
import { afterEach, describe, expect, it, vi } from 'vitest';

const confettiMock = vi.hoisted(() => vi.fn<(options: unknown) => Promise<undefined> | null>());
vi.mock('canvas-confetti', () => ({ default: confettiMock }));

import { fireConfetti } from './confetti';

afterEach(() => confettiMock.mockReset());

describe('fireConfetti', () => {
  it('fires one burst of 100 purple particles, spread 100, from 60 % down the screen', async () => {
    confettiMock.mockResolvedValue(undefined);
    await fireConfetti();
    expect(confettiMock).toHaveBeenCalledTimes(1);
    const options = confettiMock.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(options).toMatchObject({ particleCount: 100, spread: 100, origin: { y: 0.6 } });
    const colors = options.colors as string[];
    expect(colors.length).toBeGreaterThan(1);
    for (const color of colors) {
      // Purple/violet: red and blue both clearly above green.
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [
        number,
        number,
        number,
      ];
      expect(b).toBeGreaterThan(g);
      expect(r).toBeGreaterThan(g);
    }
  });

  it('resolves and reports through onError when the burst fails', async () => {
    const failure = new Error('no canvas');
    confettiMock.mockImplementation(() => {
      throw failure;
    });
    const onError = vi.fn();
    await expect(fireConfetti(onError)).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(failure);
  });
});
