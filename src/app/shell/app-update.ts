// A new version of the app waiting to take over (docs/behaviour.md "Navigation shell"): the service
// worker reports it, the shell offers "Update" only while no invoice is open, and applying it
// reloads. Never automatic: a reload under the merchant would drop the invoice on screen.
type Listener = () => void;

export class AppUpdate {
  private apply: (() => Promise<void>) | null = null;
  private readonly listeners = new Set<Listener>();

  /** A new version is installed and waiting; `apply` activates it and reloads the page. */
  offer(apply: () => Promise<void>): void {
    this.apply = apply;
    for (const listener of this.listeners) listener();
  }

  get waiting(): boolean {
    return this.apply !== null;
  }

  /** Activates the waiting version (the page reloads). */
  async install(): Promise<void> {
    await this.apply?.();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Longer than the invoice timeout (10 s, ui/payment/use-invoice-flow.ts) plus a late answer. */
export const CREATING_HOLDS_UPDATE_MS = 30_000;

/**
 * Whether an invoice is on screen or being created on the point of sale; the update waits for it.
 * Fed by the keypad's services (app/services/pos.ts wrapped in app/routes/routes.tsx).
 */
export class InvoiceActivity {
  private creating = 0;
  private shown: string | null = null;
  private readonly listeners = new Set<Listener>();

  get busy(): boolean {
    return this.creating > 0 || this.shown !== null;
  }

  /**
   * Wraps one invoice request. A request the merchant cancelled may hang on for minutes; it
   * holds the update back for at most `holdMs`.
   */
  async whileCreating<T>(work: () => Promise<T>, holdMs = CREATING_HOLDS_UPDATE_MS): Promise<T> {
    this.creating += 1;
    this.changed();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      this.creating -= 1;
      this.changed();
    };
    const timer = setTimeout(release, holdMs);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** The invoice shown in the modal, or null once it is closed. */
  setShown(quote: string | null): void {
    this.shown = quote;
    this.changed();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
