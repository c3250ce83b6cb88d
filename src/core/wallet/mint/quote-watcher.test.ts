// Quote watcher behaviour against a scripted mint client: sockets, polling fallback, expiry.
import { describe, expect, it, vi } from 'vitest';
import { MintOperationError } from '@cashu/cashu-ts';
import { watchMintQuote, type MintQuoteClient, type MintQuoteSnapshot } from './quote-watcher';
import { toMintQuoteSnapshot } from './mint-quote-snapshot';

const fast = { foregroundMs: 5, backgroundMs: 20, resubscribeMs: 30 };

function scriptedMint(initial: MintQuoteSnapshot['state'] = 'UNPAID') {
  let state = initial;
  let expiry: number | null = null;
  let sockets = true;
  const listeners = new Set<{
    onUpdate: (s: MintQuoteSnapshot) => void;
    onClosed: (e?: Error) => void;
  }>();
  let checks = 0;
  const client: MintQuoteClient = {
    async check(quote) {
      checks++;
      return { quote, state, expiry };
    },
    async subscribe(quote, onUpdate, onClosed) {
      if (!sockets) throw new Error('Failed to connect to WebSocket...');
      const entry = { onUpdate, onClosed };
      listeners.add(entry);
      onUpdate({ quote, state, expiry });
      return () => listeners.delete(entry);
    },
  };
  return {
    client,
    get checks() {
      return checks;
    },
    get subscribers() {
      return listeners.size;
    },
    setExpiry(value: number | null) {
      expiry = value;
    },
    /** state change the mint announces on its sockets */
    pay(next: MintQuoteSnapshot['state'] = 'PAID') {
      state = next;
      for (const l of listeners) l.onUpdate({ quote: 'q', state, expiry });
    },
    /** state change the sockets never hear about */
    paySilently(next: MintQuoteSnapshot['state'] = 'PAID') {
      state = next;
    },
    dropSockets(refuseNew = true) {
      sockets = !refuseNew;
      for (const l of [...listeners]) {
        listeners.delete(l);
        l.onClosed(new Error('WebSocket closed (code 1006)'));
      }
    },
  };
}

/** A scripted mint whose quote 'q' is watched on fast intervals, once its socket has subscribed. */
async function watchedUntilSubscribed() {
  const mint = scriptedMint();
  const onPaid = vi.fn();
  watchMintQuote(mint.client, 'q', { onPaid }, { intervals: fast });
  await vi.waitFor(() => expect(mint.subscribers).toBe(1));
  return { mint, onPaid };
}

describe('watchMintQuote', () => {
  it('reports a payment announced on the WebSocket and unsubscribes', async () => {
    const mint = scriptedMint();
    const onPaid = vi.fn();
    watchMintQuote(mint.client, 'q', { onPaid }, { intervals: { ...fast, backgroundMs: 60_000 } });
    await vi.waitFor(() => expect(mint.subscribers).toBe(1));
    mint.pay();
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(onPaid.mock.calls[0]?.[0]).toMatchObject({ quote: 'q', state: 'PAID' });
    expect(mint.subscribers).toBe(0);
  });

  it('finds a payment by polling when the mint has no WebSockets', async () => {
    const mint = scriptedMint();
    const onPaid = vi.fn();
    const client: MintQuoteClient = { check: mint.client.check };
    watchMintQuote(client, 'q', { onPaid }, { intervals: fast, foreground: true });
    await vi.waitFor(() => expect(mint.checks).toBeGreaterThan(1));
    mint.paySilently();
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it('still notices a payment after the socket dies and can not reconnect', async () => {
    const { mint, onPaid } = await watchedUntilSubscribed();
    mint.dropSockets();
    mint.paySilently();
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it('notices a payment the live socket never announced (safety poll)', async () => {
    const { mint, onPaid } = await watchedUntilSubscribed();
    mint.paySilently();
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it('resubscribes after the socket drops and hears the payment there', async () => {
    const mint = scriptedMint();
    const onPaid = vi.fn();
    watchMintQuote(
      mint.client,
      'q',
      { onPaid },
      { intervals: { foregroundMs: 60_000, backgroundMs: 60_000, resubscribeMs: 10 } },
    );
    await vi.waitFor(() => expect(mint.subscribers).toBe(1));
    mint.dropSockets(false);
    await vi.waitFor(() => expect(mint.subscribers).toBe(1));
    mint.pay();
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it('reports an already issued quote as paid so the caller can recover it', async () => {
    const mint = scriptedMint('ISSUED');
    const onPaid = vi.fn();
    watchMintQuote(mint.client, 'q', { onPaid }, { intervals: fast });
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(onPaid.mock.calls[0]?.[0]).toMatchObject({ state: 'ISSUED' });
  });

  it('ends with onExpired when the quote expires unpaid', async () => {
    const mint = scriptedMint();
    mint.setExpiry(Math.floor(Date.now() / 1000) - 1);
    const onPaid = vi.fn();
    const onExpired = vi.fn();
    const watch = watchMintQuote(mint.client, 'q', { onPaid, onExpired }, { intervals: fast });
    await vi.waitFor(() => expect(onExpired).toHaveBeenCalledTimes(1));
    expect(watch.done).toBe(true);
    mint.pay();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('ends with onError when the mint refuses the quote with a NUT code', async () => {
    const onError = vi.fn();
    const onPaid = vi.fn();
    const client: MintQuoteClient = {
      check: async () => {
        throw new MintOperationError(20000, 'quote not found');
      },
    };
    watchMintQuote(client, 'q', { onPaid, onError }, { intervals: fast });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'quote not found', code: 20000 });
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('keeps polling through network failures', async () => {
    let fail = 3;
    const onPaid = vi.fn();
    const client: MintQuoteClient = {
      check: async (quote) => {
        if (fail-- > 0) throw new TypeError('Network request failed');
        return { quote, state: 'PAID', expiry: null };
      },
    };
    watchMintQuote(client, 'q', { onPaid }, { intervals: fast, foreground: true });
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it('polls at the foreground rate once the invoice is put on screen', async () => {
    const mint = scriptedMint();
    const onPaid = vi.fn();
    const client: MintQuoteClient = { check: mint.client.check };
    const watch = watchMintQuote(
      client,
      'q',
      { onPaid },
      { intervals: { foregroundMs: 5, backgroundMs: 60_000, resubscribeMs: 60_000 } },
    );
    await vi.waitFor(() => expect(mint.checks).toBe(1));
    mint.paySilently();
    watch.setForeground(true);
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
  });

  it('stops asking the mint once cancelled', async () => {
    const mint = scriptedMint();
    const onPaid = vi.fn();
    const cancel = watchMintQuote(mint.client, 'q', { onPaid }, { intervals: fast });
    await vi.waitFor(() => expect(mint.checks).toBeGreaterThan(0));
    cancel();
    mint.pay();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(onPaid).not.toHaveBeenCalled();
    expect(mint.subscribers).toBe(0);
  });
});

describe('toMintQuoteSnapshot', () => {
  it('maps an old mint boolean paid onto the states', () => {
    expect(toMintQuoteSnapshot({ quote: 'a', paid: true }).state).toBe('PAID');
    expect(toMintQuoteSnapshot({ quote: 'a', paid: false }).state).toBe('UNPAID');
    expect(toMintQuoteSnapshot({ quote: 'a', paid: true, issued: true }).state).toBe('ISSUED');
    expect(toMintQuoteSnapshot({ quote: 'a', state: 'ISSUED', paid: false }).state).toBe('ISSUED');
  });

  it('reads amounts and expiry as plain numbers', () => {
    const s = toMintQuoteSnapshot({ quote: 'a', state: 'UNPAID', amount: '21', expiry: 0 });
    expect(s).toEqual({ quote: 'a', state: 'UNPAID', amount: 21, expiry: null });
  });
});
