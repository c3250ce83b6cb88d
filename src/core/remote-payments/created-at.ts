// The created_at of the replaceable events a publisher signs: unix seconds that only move forward,
// so a relay keeps the newest even when two are signed in one second or the clock steps back.
import type { Clock } from '../ports';

export class CreatedAtClock {
  private last = 0;

  constructor(private readonly clock: Clock = Date.now) {}

  /** Now in unix seconds, or one past the last one given when that is not earlier. */
  next(): number {
    this.last = Math.max(Math.floor(this.clock() / 1000), this.last + 1);
    return this.last;
  }
}
