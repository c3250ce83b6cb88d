// When a sale's follow-up work (backups, the cashiers' catalog, the automatic cash-out check)
// starts: after the frame that shows the sale, so it does not hold back the balance and toast
// (docs/performance.md "Taps").
import { afterNextPaint } from '../../ui/after-paint';

/** A page hidden meanwhile paints no frame: the work then starts after this long anyway. */
const LATEST_MS = 500;

/** Runs `run` once, after the next painted frame or after LATEST_MS, whichever comes first. */
export function afterSaleShown(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    run();
  };
  const timer = setTimeout(once, LATEST_MS);
  afterNextPaint(once);
}
