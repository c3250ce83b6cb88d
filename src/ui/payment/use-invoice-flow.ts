// The invoice on screen, shared by the point of sale and the remote cashier: create one, show it,
// and close it and reset the keypad when its payment settles or fails. Each caller's service
// (PaymentService, RemoteCashier) does the work; this hook only keeps the screen's state.
// A mint that never answers must not hold the keypad: after `slowAfterMs` the screen says so and
// offers Cancel (docs/behaviour.md "Point of sale").
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Translate } from '../i18n';
import { OFFLINE_SUBMIT } from '../locales/keypad/en.json';

/** How long creating an invoice may take before the screen says the mint is not responding. */
export const INVOICE_SLOW_AFTER_MS = 10_000;

/**
 * With `busyAfterRequest`, how long after Submit the busy state renders if no answer has come: a
 * mint answering sooner has its invoice shown with no busy render and frame before it (within
 * the 100 ms a tap may take to answer). The screen holds its controls meanwhile by `isCreating`.
 */
export const BUSY_RENDER_AFTER_MS = 100;

/** The browser says it has no network (navigator.onLine); false where it cannot tell. */
export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * `S` is what Submit hands over: the screen's sale, made once where it is charged (a bare amount
 * where a screen has no more to say).
 */
export interface InvoiceFlowOptions<Q extends { quote: string }, S = number> {
  create: (sale: S) => Promise<Q>;
  /**
   * Subscribes to how invoices end; `end(quoteId, paid)` closes the one on screen. Returns the
   * unsubscribe function. Must be stable (useCallback): a new one subscribes again.
   */
  watch: (end: (quoteId: string, paid: boolean) => void) => () => void;
  /** The invoice may be shown (false keeps it pending but closed). */
  canShow?: (created: Q) => boolean;
  /** Creating failed: the caller logs and toasts; the text returned (or promised) is shown on the page. */
  onCreateError: (error: unknown) => string | null | Promise<string | null>;
  /** Default INVOICE_SLOW_AFTER_MS. */
  slowAfterMs?: number;
  /** Submit refuses at once (no request, no toast) while this is true. Default: browserOffline. */
  isOffline?: () => boolean;
  /**
   * The caller's texts (`useTexts()`), for the offline refusal. Passed in, not read here: this hook
   * is shared by the first screen and a lazy one, and importing ui/i18n.ts from it made the build
   * split that module out of the first visit's chunk (docs/decisions/0071-shared-keypad-hooks-take-their-texts.md).
   */
  t: Translate;
  /**
   * An invoice this screen made before a reload and still waiting: shown as the waiting line
   * (closed) until it is paid or fails. Must be stable (useCallback).
   */
  resume?: () => Promise<Q | null>;
  /**
   * The busy state renders BUSY_RENDER_AFTER_MS after Submit, and only if the invoice has not come
   * by then, so `create`'s request leaves first and a quick answer is shown without a busy frame
   * (the point of sale: docs/performance.md "Taps"); a second Submit is refused at once, and the
   * screen holds its other controls by `isCreating`. Default false: rendered in Submit's own turn.
   */
  busyAfterRequest?: boolean;
}

export interface InvoiceFlowState<Q, S = number> {
  /** The invoice this screen created last, until it is paid or fails (closing keeps it). */
  invoice: Q | null;
  /** Whether the invoice modal is showing it. */
  open: boolean;
  /** An invoice is being created (rendered; see busyAfterRequest). */
  creating: boolean;
  /** An invoice is being created, from Submit on, before `creating` renders. Stable. */
  isCreating: () => boolean;
  /** Creating has taken longer than slowAfterMs: the screen offers `cancel`. */
  slow: boolean;
  /** Shown on the page when the last submit produced no invoice. */
  error: string | null;
  /** Changes after this screen's invoice was paid: the keypad resets on it. */
  resetKey: number;
  submit: (sale: S) => void;
  /**
   * Gives up waiting for the invoice being created: the keypad works again and a late answer is
   * not shown. The service still keeps what the mint may have created (nobody saw that invoice,
   * so nobody can pay it, but if it is paid, it is still minted).
   */
  cancel: () => void;
  close: () => void;
  reopen: () => void;
}

export function useInvoiceFlow<Q extends { quote: string }, S = number>(
  options: InvoiceFlowOptions<Q, S>,
): InvoiceFlowState<Q, S> {
  const { create, watch, canShow, onCreateError, resume, t, busyAfterRequest = false } = options;
  const slowAfterMs = options.slowAfterMs ?? INVOICE_SLOW_AFTER_MS;
  const isOffline = options.isOffline ?? browserOffline;
  const [invoice, setInvoice] = useState<Q | null>(null);
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [slow, setSlow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  // Listeners run outside React's render: they read the current quote id from a ref.
  const activeId = useRef<string | null>(null);
  const busy = useRef(false);
  const mounted = useRef(true);
  // Each submit gets a number; Cancel moves it on, so the answer of a cancelled one is dropped.
  const attempt = useRef(0);
  const slowTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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
      clearTimeout(slowTimer.current);
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
    (sale: S) => {
      if (busy.current) return;
      if (isOffline()) {
        setError(t(OFFLINE_SUBMIT));
        return;
      }
      busy.current = true;
      const mine = ++attempt.current;
      const current = () => mounted.current && attempt.current === mine;
      clearTimeout(slowTimer.current);
      slowTimer.current = setTimeout(() => {
        if (current()) setSlow(true);
      }, slowAfterMs);
      // A previous failure goes at once (no render when there is none to clear).
      setError(null);
      const showBusy = () => {
        setCreating(true);
        setSlow(false);
      };
      // With busyAfterRequest the busy screen renders later, not in this task: a render set here
      // runs in this click's microtasks, ahead of the request, which then leaves only after it;
      // and a mint answering within BUSY_RENDER_AFTER_MS has its invoice shown with no busy render
      // and frame first (docs/performance.md "Taps"). Until then `busy` refuses another Submit
      // and `isCreating` holds the screen's controls; a request already answered (or failed) has
      // nothing to render.
      if (busyAfterRequest) {
        setTimeout(() => {
          if (current() && busy.current) showBusy();
        }, BUSY_RENDER_AFTER_MS);
      } else showBusy();
      void (async () => {
        try {
          const created = await create(sale);
          if (!current()) return; // still watched by its service
          activeId.current = created.quote;
          setInvoice(created);
          if (canShow?.(created) ?? true) setOpen(true);
        } catch (failure) {
          if (!current()) return; // cancelled: the merchant has moved on
          const text = await onCreateError(failure);
          if (current()) setError(text);
        } finally {
          if (current()) {
            clearTimeout(slowTimer.current);
            busy.current = false;
            setCreating(false);
            setSlow(false);
          }
        }
      })();
    },
    [create, canShow, onCreateError, slowAfterMs, isOffline, t, busyAfterRequest],
  );

  const cancel = useCallback(() => {
    if (!busy.current) return;
    attempt.current += 1;
    clearTimeout(slowTimer.current);
    busy.current = false;
    setCreating(false);
    setSlow(false);
  }, []);

  // Closing only hides the invoice: it stays pending and watched, so a late payment lands.
  const close = useCallback(() => setOpen(false), []);
  const reopen = useCallback(() => {
    if (activeId.current !== null) setOpen(true);
  }, []);

  const isCreating = useCallback(() => busy.current, []);

  return {
    invoice,
    open,
    creating,
    isCreating,
    slow,
    error,
    resetKey,
    submit,
    cancel,
    close,
    reopen,
  };
}
