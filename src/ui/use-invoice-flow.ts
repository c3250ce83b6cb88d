// The invoice on screen, shared by the point of sale and the remote cashier: create one, show it,
// and close it and reset the keypad when its payment settles or fails. Each caller's service
// (PaymentService, RemoteCashier) does the work; this hook only keeps the screen's state.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface InvoiceFlowOptions<Q extends { quote: string }> {
  create: (amount: number) => Promise<Q>;
  /**
   * Subscribes to how invoices end; `end(quoteId, paid)` closes the one on screen. Returns the
   * unsubscribe function. Must be stable (useCallback): a new one subscribes again.
   */
  watch: (end: (quoteId: string, paid: boolean) => void) => () => void;
  /** The invoice may be shown (false keeps it pending but closed). */
  canShow?: (created: Q) => boolean;
  /** Creating failed: the caller logs and toasts; the text returned is shown on the page. */
  onCreateError: (error: unknown) => string | null;
  /**
   * An invoice this screen made before a reload and still waiting: shown as the waiting line
   * (closed) until it is paid or fails. Must be stable (useCallback).
   */
  resume?: () => Promise<Q | null>;
}

export interface InvoiceFlowState<Q> {
  /** The invoice this screen created last, until it is paid or fails (closing keeps it). */
  invoice: Q | null;
  /** Whether the invoice modal is showing it. */
  open: boolean;
  /** An invoice is being created. */
  creating: boolean;
  /** Shown on the page when the last submit produced no invoice. */
  error: string | null;
  /** Changes after this screen's invoice was paid: the keypad resets on it. */
  resetKey: number;
  submit: (amount: number) => void;
  close: () => void;
  reopen: () => void;
}

export function useInvoiceFlow<Q extends { quote: string }>(
  options: InvoiceFlowOptions<Q>,
): InvoiceFlowState<Q> {
  const { create, watch, canShow, onCreateError, resume } = options;
  const [invoice, setInvoice] = useState<Q | null>(null);
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  // Listeners run outside React's render: they read the current quote id from a ref.
  const activeId = useRef<string | null>(null);
  const busy = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const unwatch = watch((id, paid) => {
      if (id !== activeId.current) return;
      activeId.current = null;
      setInvoice(null);
      setOpen(false);
      if (paid) setResetKey((key) => key + 1);
    });
    return () => {
      mounted.current = false;
      unwatch();
    };
  }, [watch]);

  useEffect(() => {
    if (!resume) return;
    let active = true;
    void resume().then((waiting) => {
      // A submit since mounting wins: its invoice is the one on screen.
      if (!active || !waiting || activeId.current !== null || busy.current) return;
      activeId.current = waiting.quote;
      setInvoice(waiting);
    });
    return () => {
      active = false;
    };
  }, [resume]);

  const submit = useCallback(
    (amount: number) => {
      if (busy.current) return;
      busy.current = true;
      setCreating(true);
      setError(null);
      void (async () => {
        try {
          const created = await create(amount);
          if (!mounted.current) return; // still watched by its service
          activeId.current = created.quote;
          setInvoice(created);
          if (canShow?.(created) ?? true) setOpen(true);
        } catch (failure) {
          const text = onCreateError(failure);
          if (mounted.current) setError(text);
        } finally {
          busy.current = false;
          if (mounted.current) setCreating(false);
        }
      })();
    },
    [create, canShow, onCreateError],
  );

  // Closing only hides the invoice: it stays pending and watched, so a late payment lands.
  const close = useCallback(() => setOpen(false), []);
  const reopen = useCallback(() => {
    if (activeId.current !== null) setOpen(true);
  }, []);

  return { invoice, open, creating, error, resetKey, submit, close, reopen };
}
