// One open page of the app in Node: the services app/services/complete.ts builds, on a database of
// its own, and closing it as a tab closes: timers stopped, the database connection cut, so nothing
// it was doing writes again.
import type { Checkpoint } from '../../src/core/checkpoint.ts';
import type { Logger } from '../../src/core/logger.ts';
import { createBaseServices } from '../../src/app/services/base.ts';
import { completeServices, type AppServices } from '../../src/app/services/complete.ts';
import type { AppSettings } from '../../src/app/start-up/env.ts';

/** Thrown into every call still waiting on a page that was closed. */
export class PageClosedError extends Error {
  constructor(readonly page: string) {
    super(`${page} was closed`);
    this.name = 'PageClosedError';
  }
}

export interface PageOptions {
  name: string;
  dbName: string;
  settings: AppSettings;
  logger: Logger;
  checkpoint?: Checkpoint;
}

export class Page {
  readonly services: AppServices;
  /** Rejects with PageClosedError once the page is closed; never resolves. */
  readonly closed: Promise<never>;
  private markClosed!: () => void;
  private readonly stops: Array<() => unknown> = [];
  private isClosed = false;

  constructor(readonly options: PageOptions) {
    const base = createBaseServices(options.settings, {
      logger: options.logger,
      dbName: options.dbName,
    });
    this.services = completeServices(
      base,
      options.checkpoint ? { checkpoint: options.checkpoint } : {},
    );
    this.closed = new Promise<never>((_resolve, reject) => {
      this.markClosed = () => reject(new PageClosedError(options.name));
    });
    // Nobody may be waiting on it: a closed page is not an unhandled failure.
    this.closed.catch(() => {});
  }

  get isOpen(): boolean {
    return !this.isClosed;
  }

  /** Something else to stop when the page closes (a subscription, a cashier). */
  onClose(stop: () => unknown): void {
    this.stops.push(stop);
  }

  /** `work` on this page's services, or PageClosedError as soon as the page closes. */
  run<T>(work: (services: AppServices) => Promise<T>): Promise<T> {
    if (this.isClosed) return Promise.reject(new PageClosedError(this.options.name));
    return Promise.race([work(this.services), this.closed]);
  }

  /**
   * The tab goes away: every watcher and timer stopped and the database connection closed for
   * good, so work caught mid-way (frozen at a checkpoint, or in flight) writes nothing more.
   */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    const { services } = this;
    for (const stop of this.stops.splice(0)) swallow(stop);
    swallow(() => services.payments.stop());
    swallow(() => services.cashOut.stop());
    swallow(() => services.withdraw.stop());
    swallow(() => services.autoCashOut.stop());
    swallow(() => services.inbox.stop());
    swallow(() => services.proofStates.stop());
    swallow(() => services.lockedSaleBackups.stop());
    swallow(() => services.wallets.close());
    swallow(() => services.storage.db.close({ disableAutoOpen: true }));
    this.markClosed();
  }
}

function swallow(stop: () => unknown): void {
  try {
    const result = stop();
    if (result instanceof Promise) result.catch(() => {});
  } catch {
    // a page being closed may fail to stop cleanly; it is gone either way
  }
}
