// The created_at of the replaceable events a publisher signs: unix seconds that only move forward,
// so a relay keeps the newest even when two are signed in one second or the clock steps back.
import type { Clock } from '../clock';

export class CreatedAtClock {
  private last = 0;

  constructor(private readonly clock: Clock = Date.now) {}

  /**
   * Takes `seconds` as the last one given when it is later: an event signed by an earlier page
   * load, which may be dated ahead of the clock after a burst of events in one second.
   */
  notBefore(seconds: number): void {
    this.last = Math.max(this.last, seconds);
  }

  /** Now in unix seconds, or one past the last one given when that is not earlier. */
  next(): number {
    this.last = Math.max(Math.floor(this.clock() / 1000), this.last + 1);
    return this.last;
  }
}
