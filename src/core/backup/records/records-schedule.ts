// When the history goes to the relays and comes back from them: a publish a few seconds after
// events are written (a burst goes in one), and a publish of what is pending with a read every
// minute while the app is open, at start, online again and unlock, and a read as soon as the watch
// sees another device publish (docs/protocol.md "Records on the relays").

/** Events written within this long of each other are published together. */
export const PUBLISH_DELAY_MS = 3_000;
/**
 * A read this often while the app is open: the other devices' events arrive within this long even
 * when the watch is down (a relay that drops subscriptions), and what a relay refused is retried.
 */
export const READ_EVERY_MS = 60_000;

export interface ScheduleTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface RecordsScheduleDeps {
  /** Never rejects (RecordsPublisher.sync). */
  publish: () => Promise<void>;
  /** Never rejects (RecordsReader.read). */
  read: () => Promise<unknown>;
  /** False on a device that has no wallet yet: nothing is published or read. */
  ready: () => Promise<boolean>;
  /** The live subscription that calls readNow when another device publishes (records-watch.ts). */
  watch?: { ensureOpen(): Promise<void>; close(): void };
  publishDelayMs?: number;
  readEveryMs?: number;
  timers?: ScheduleTimers;
}

const browserTimers: ScheduleTimers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as number),
};

export class RecordsSchedule {
  private readonly timers: ScheduleTimers;
  private publishTimer: unknown;
  private readTimer: unknown;

  constructor(private readonly deps: RecordsScheduleDeps) {
    this.timers = deps.timers ?? browserTimers;
  }

  /** An event was written: publish once no other came for the delay. */
  written(): void {
    if (this.publishTimer !== undefined) this.timers.clearTimeout(this.publishTimer);
    this.publishTimer = this.timers.setTimeout(() => {
      this.publishTimer = undefined;
      void this.whenReady(this.deps.publish);
    }, this.deps.publishDelayMs ?? PUBLISH_DELAY_MS);
  }

  /** Start-up, online again, the PIN entered: what no relay took yet goes, and a read now. */
  wake(): void {
    void this.whenReady(this.deps.publish);
    void this.whenReady(this.deps.read);
    const watch = this.deps.watch;
    if (watch) void this.whenReady(() => watch.ensureOpen());
  }

  /** Another device published: read now. */
  readNow(): void {
    void this.whenReady(this.deps.read);
  }

  /** Wakes now and every minute (the watch reopened if it closed) until the returned stop. */
  start(): () => void {
    this.wake();
    // Each tick also retries what a relay refused: a publish with nothing pending is one read.
    this.readTimer ??= this.timers.setInterval(
      () => this.wake(),
      this.deps.readEveryMs ?? READ_EVERY_MS,
    );
    return () => {
      if (this.readTimer !== undefined) this.timers.clearInterval(this.readTimer);
      if (this.publishTimer !== undefined) this.timers.clearTimeout(this.publishTimer);
      this.deps.watch?.close();
      this.readTimer = undefined;
      this.publishTimer = undefined;
    };
  }

  private async whenReady(run: () => Promise<unknown>): Promise<void> {
    if (await this.deps.ready().catch(() => false)) await run();
  }
}
