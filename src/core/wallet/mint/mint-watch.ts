// The watching loop every mint watch shares: a NUT-17 socket, polling beside it, resubscribing.
import type { Logger } from '../../logger';

/** What one watch asks of the mint and how fast; the loop owns the timers and the socket. */
export interface MintWatchHooks {
  /** log prefix, e.g. `quote watch <id>` */
  name: string;
  logger: Logger;
  resubscribeMs: number;
  /** the poll period; a live socket still gets a safety poll, since a socket can die silently */
  pollDelay(socketLive: boolean): number;
  /** one round of asking the mint and handling its answer */
  check(): Promise<void>;
  /** a round that threw while the watch runs; by default logged, and the next tick asks again */
  checkFailed?(error: unknown): void;
  /** opens the socket; absent when the mint is known to have none (only polling runs) */
  subscribe?(onClosed: (error?: Error) => void): Promise<() => void>;
  /** after the loop stopped its timers and its socket */
  finished?(): void;
}

/**
 * One watch's loop: the socket, the poll timer and the one check in flight. A socket that reports
 * its death triggers an immediate check, full-rate polling and, later, a new subscription.
 */
export class MintWatch {
  done = false;
  private socketLive = false;
  private unsubscribe: (() => void) | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private resubscribeTimer: ReturnType<typeof setTimeout> | undefined;
  private checking: Promise<void> | undefined;

  constructor(private readonly hooks: MintWatchHooks) {}

  /** Stops the timers and the socket (idempotent). */
  finish(): void {
    if (this.done) return;
    this.done = true;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    if (this.resubscribeTimer) clearTimeout(this.resubscribeTimer);
    this.pollTimer = undefined;
    this.resubscribeTimer = undefined;
    const stop = this.unsubscribe;
    this.unsubscribe = undefined;
    this.socketLive = false;
    try {
      stop?.();
    } catch (error) {
      this.hooks.logger.debug(`${this.hooks.name}: unsubscribe failed`, error);
    }
    this.hooks.finished?.();
  }

  /** The poll period changed: the next tick follows it, unless a check is in flight. */
  reschedule(): void {
    if (!this.done && !this.checking) this.schedulePoll();
  }

  schedulePoll(delay = this.hooks.pollDelay(this.socketLive)): void {
    if (this.done) return;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => {
      this.pollTimer = undefined;
      void this.check().finally(() => this.schedulePoll());
    }, delay);
  }

  /** One request at a time: a socket drop and a timer tick may ask together. */
  check(): Promise<void> {
    if (this.done) return Promise.resolve();
    this.checking ??= (async () => {
      try {
        await this.hooks.check();
      } catch (error) {
        if (this.done) return;
        if (this.hooks.checkFailed) this.hooks.checkFailed(error);
        else this.hooks.logger.debug(`${this.hooks.name}: check failed`, error);
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }

  private scheduleResubscribe(): void {
    if (this.done || !this.hooks.subscribe || this.resubscribeTimer) return;
    this.resubscribeTimer = setTimeout(() => {
      this.resubscribeTimer = undefined;
      void this.subscribe();
    }, this.hooks.resubscribeMs);
  }

  private readonly onClosed = (error?: Error): void => {
    if (this.done) return;
    this.hooks.logger.debug(`${this.hooks.name}: socket closed`, error);
    this.socketLive = false;
    this.unsubscribe = undefined;
    // Whatever happened while the socket was dying, ask the mint now and poll at full rate.
    void this.check().finally(() => this.schedulePoll());
    this.scheduleResubscribe();
  };

  async subscribe(): Promise<void> {
    if (this.done || !this.hooks.subscribe) return;
    try {
      const stop = await this.hooks.subscribe(this.onClosed);
      if (this.done) {
        stop();
        return;
      }
      this.unsubscribe = stop;
      this.socketLive = true;
      this.schedulePoll();
    } catch (error) {
      if (this.done) return;
      this.hooks.logger.debug(`${this.hooks.name}: subscribe failed, polling`, error);
      this.socketLive = false;
      this.scheduleResubscribe();
    }
  }
}
