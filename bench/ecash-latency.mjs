// Ecash payment latency: from a customer's NUT-18 payload (gift-wrapped, NIP-17) published on the
// dev relay to the new balance stored and shown on Home. Budgeted at 1x (cpu1x), the conditions of
// the WebSocket Lightning figure it is compared with (bench/payment-latency.mjs); the same payment
// at 4x CPU throttling (cpu4x) is reported beside it, interleaved run by run.
//
// Importable: measureEcashLatency({ browser, appUrl, mintUrl, relayUrl, runs? }).
// Standalone: `node bench/ecash-latency.mjs [runs]` starts the dev stack on free ports and prints
// the JSON figure.
import { summarize } from './lib/stats.mjs';
import {
  onboardMerchant,
  openInvoice,
  runStandalone,
  shownBalance,
  STEP_TIMEOUT,
  waitForReset,
} from './latency-common.mjs';

const RATE = 4;

/** The sale's request as the invoice screen shows it (the "Ecash" side of the QR). */
async function requestOnScreen(page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Ecash', exact: true }).click();
  const text = dialog.getByTestId('ecash-request-string');
  await text.waitFor({ timeout: STEP_TIMEOUT });
  return (await text.textContent()) ?? '';
}

/**
 * Inside the merchant's page: a socket to the relay opened first (not timed), then the time of
 * sending the wrap and the time the balance on screen shows `expected`, both on the page's clock.
 * The parts, for whoever tunes this: the relay's acknowledgement (relayOk), until the app sent its
 * swap (notice: delivery, unwrap, checks), the swap, the rest (storeAndShow).
 */
function publishAndTimeBalance(page, { relayUrl, wrap, expected }) {
  return page.evaluate(
    async ({ relayUrl, wrap, expected, timeout }) => {
      const socket = new WebSocket(relayUrl);
      await new Promise((resolve, reject) => {
        socket.onopen = resolve;
        socket.onerror = () => reject(new Error('relay socket failed'));
      });
      const balance = document.querySelector('[data-testid="home-balance"]');
      const shown = new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`balance never showed ${expected}`)),
          timeout,
        );
        const observer = new MutationObserver(() => {
          if (balance.getAttribute('data-balance') === String(expected)) {
            const at = performance.now();
            observer.disconnect();
            clearTimeout(timer);
            resolve(at);
          }
        });
        observer.observe(balance, { attributes: true, attributeFilter: ['data-balance'] });
      });
      let okAt = null;
      socket.onmessage = (message) => {
        const [kind, id] = JSON.parse(message.data);
        if (kind === 'OK' && id === wrap.id && okAt === null) okAt = performance.now();
      };
      performance.clearResourceTimings();
      const sentAt = performance.now();
      socket.send(JSON.stringify(['EVENT', wrap]));
      const shownAt = await shown;
      socket.close();
      const swap = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.endsWith('/v1/swap') && entry.startTime >= sentAt);
      return {
        total: shownAt - sentAt,
        relayOk: okAt === null ? null : okAt - sentAt,
        notice: swap ? swap.startTime - sentAt : null,
        swap: swap ? swap.responseEnd - swap.startTime : null,
        storeAndShow: swap ? shownAt - swap.responseEnd : null,
      };
    },
    { relayUrl, wrap, expected, timeout: STEP_TIMEOUT },
  );
}

/** One sample: an invoice for `amount`, its request paid with ecash minted beforehand. */
async function oneRun(page, payer, { mintUrl, relayUrl, amount }) {
  const before = await shownBalance(page);
  await openInvoice(page, amount);
  const request = payer.readRequest(await requestOnScreen(page));
  // Locked to the merchant as the request asks (the dev mint enforces NUT-11).
  const proofs = await payer.mintProofs(mintUrl, amount, undefined, undefined, request.lock);
  const wrap = payer.payloadWrap(request, { proofs });
  const sample = await publishAndTimeBalance(page, {
    relayUrl,
    wrap,
    expected: before + amount,
  });
  await waitForReset(page);
  return sample;
}

/** Medians of the parts of `samples` (see publishAndTimeBalance). */
function breakdownOf(samples) {
  const median = (key) => {
    const values = samples.map((s) => s[key]).filter((v) => typeof v === 'number');
    return values.length ? summarize(values).median : null;
  };
  return {
    relayOk: median('relayOk'),
    notice: median('notice'),
    swap: median('swap'),
    storeAndShow: median('storeAndShow'),
  };
}

/**
 * `{ cpu1x, breakdown1x, cpu4x, breakdown4x }`: after one discarded warm-up, `runs` rounds of one
 * unthrottled payment (the budgeted figure: paymentLatency.websocket is taken at 1x) and one at 4x
 * CPU, so both see the same load.
 */
export async function measureEcashLatency({ browser, appUrl, mintUrl, relayUrl, runs = 10, log }) {
  const { tsImport } = await import('tsx/esm/api');
  const payer = await tsImport('../dev/ecash-payer.ts', import.meta.url);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const setup = await context.newPage();
    await onboardMerchant(setup, { appUrl, mintUrl, relayUrl });
    await setup.close();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const cpu = (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(appUrl);
    await page.locator('[data-testid="home-balance"][data-balance]').waitFor();
    await oneRun(page, payer, { mintUrl, relayUrl, amount: 1 });
    const unthrottled = [];
    const throttled = [];
    for (let i = 0; i < runs; i++) {
      await cpu(1);
      unthrottled.push(await oneRun(page, payer, { mintUrl, relayUrl, amount: 2 + 2 * i }));
      await cpu(RATE);
      throttled.push(await oneRun(page, payer, { mintUrl, relayUrl, amount: 3 + 2 * i }));
    }
    await cpu(1);
    const result = {
      note:
        `${runs} rounds after one warm-up, each one payment unthrottled (cpu1x, budgeted: the ` +
        `WebSocket Lightning figure is taken at 1x) and one at ${RATE}x CPU: ms from the wrap sent ` +
        'to the dev relay (socket already open) to Home showing the new balance (inbox read, ' +
        'unwrap, checks, swap at the dev mint, store); breakdowns: medians of the parts.',
      cpu1x: summarize(unthrottled.map((s) => s.total)),
      breakdown1x: breakdownOf(unthrottled),
      cpu4x: summarize(throttled.map((s) => s.total)),
      breakdown4x: breakdownOf(throttled),
    };
    log?.(
      `ecash latency 1x: ${result.cpu1x.median} ms ${JSON.stringify(result.breakdown1x)}; ` +
        `4x: ${result.cpu4x.median} ms ${JSON.stringify(result.breakdown4x)}`,
    );
    return result;
  } finally {
    await context.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2]) || 10;
  await runStandalone('cashew-bench-ecash-', (stack) => measureEcashLatency({ ...stack, runs }));
}
