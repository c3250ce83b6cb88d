// The till's fonts laid out ahead: index.html holds a hidden block of the font sizes and weights
// the merchant's first screen shows (its shell and keypad); the early script shows it on a device
// with a wallet while React downloads, so the first layout finds each font and size loaded
// (docs/performance.md "First load").

/** The block's id in index.html. */
export const FONT_WARM_UP_ID = 'font-warm-up';

/**
 * On a device with a wallet: lets the block be laid out (out of sight, out of the flow, never read
 * out) and removes it once a frame has done so. Elsewhere: removes it unshown.
 */
export function warmFirstFonts(onboarded: boolean, doc: Document = document): void {
  const block = doc.getElementById(FONT_WARM_UP_ID);
  if (!block) return;
  if (!onboarded) return block.remove();
  block.hidden = false;
  // The timer queued from a frame's callback runs after that frame's layout and paint.
  requestAnimationFrame(() => setTimeout(() => block.remove(), 0));
}
