// Payment-received confetti burst (docs/behaviour.md "Point of sale": 100 particles, spread 100,
// origin y 0.6, purple).
import type { Options } from 'canvas-confetti';

export const CONFETTI_OPTIONS = {
  particleCount: 100,
  spread: 100,
  origin: { y: 0.6 },
  colors: ['#6d28d9', '#7c3aed', '#8b5cf6', '#a78bfa', '#c4b5fd'],
  // Honour the OS "reduce motion" setting; the success toast still tells the news.
  disableForReducedMotion: true,
} as const satisfies Options;

/**
 * Fires one burst. canvas-confetti is imported here, on first use, to keep it out of the
 * first-screen bundle. Never rejects: decoration must not break the payment flow, so a failed
 * load goes to `onError` (for the caller's logger) instead.
 */
export async function fireConfetti(onError?: (error: unknown) => void): Promise<void> {
  try {
    const { default: confetti } = await import('canvas-confetti');
    await confetti({ ...CONFETTI_OPTIONS, colors: [...CONFETTI_OPTIONS.colors] });
  } catch (error) {
    onError?.(error);
  }
}
