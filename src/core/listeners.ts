// The listener lists behind the services' onSettled / onFailed events (PaymentService,
// RemoteCashier): add returns the remover, and one listener that throws is logged, not propagated.
import type { Logger } from './logger';

export type Listener<T> = (event: T) => void;

export class Listeners<T> {
  private readonly listeners = new Set<Listener<T>>();

  /** `failureLog` is what a throwing listener is logged with. */
  constructor(
    private readonly logger: Logger,
    private readonly failureLog: string,
  ) {}

  add(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls every listener added so far (a listener added meanwhile waits for the next event). */
  emit(event: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error(this.failureLog, error);
      }
    }
  }
}
