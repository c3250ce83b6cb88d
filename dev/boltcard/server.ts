// startBoltCard: a Bolt Card service on loopback (LNURL-withdraw, LUD-03, over http) whose card pays
// invoices through the dev mint (`POST /dev/pay-invoice`), for tap-to-pay tests.
import { randomBytes } from 'node:crypto';
import { decodeInvoice } from '../mint/bolt11.ts';
import { listen, sendJson } from '../shared/small-http.ts';

export type StartBoltCardOptions = {
  /** The dev mint whose invoices the card pays. */
  mintUrl: string;
  /** Default 3341; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** What one tap may withdraw, in millisats (LUD-03). Defaults 1 000 and 100 000 000. */
  minWithdrawable?: number;
  maxWithdrawable?: number;
  /** The card's `p` and `c` (its NDEF URL's query); defaults fixed, so `npm start` can print it. */
  card?: { p: string; c: string };
  log?: (line: string) => void;
};

/** One invoice the card paid. */
export type CardPayment = { pr: string; amountSat: number };

export type DevBoltCard = {
  url: string;
  port: number;
  /** What the card's NDEF record holds: `lnurlw://host:port/card?p=…&c=…` (the Bolt Card form). */
  cardUrl: string;
  /** Invoices paid so far, oldest first. */
  payments(): CardPayment[];
  close(): Promise<void>;
};

const error = (reason: string) => ({ status: 'ERROR', reason });

export async function startBoltCard(options: StartBoltCardOptions): Promise<DevBoltCard> {
  const minWithdrawable = options.minWithdrawable ?? 1_000;
  const maxWithdrawable = options.maxWithdrawable ?? 100_000_000;
  const log = options.log ?? (() => {});
  // A real card's p and c change every tap (SUN); the stand-in checks only that they match.
  const card = options.card ?? { p: 'dev0'.repeat(8), c: 'c0de'.repeat(4) };
  /** k1 values handed out and not used yet: each tap may pay one invoice. */
  const open = new Set<string>();
  const paid: CardPayment[] = [];
  let base = '';

  const listening = await listen(
    async (_req, res, url) => {
      if (url.pathname === '/card') {
        if (url.searchParams.get('p') !== card.p || url.searchParams.get('c') !== card.c) {
          return sendJson(res, 200, error('Unknown card'));
        }
        const k1 = randomBytes(32).toString('hex');
        open.add(k1);
        log(`tap: k1 ${k1.slice(0, 8)}…`);
        return sendJson(res, 200, {
          tag: 'withdrawRequest',
          callback: `${base}/card/callback`,
          k1,
          minWithdrawable,
          maxWithdrawable,
          defaultDescription: 'Cashew dev Bolt Card',
        });
      }
      if (url.pathname === '/card/callback') {
        const k1 = url.searchParams.get('k1') ?? '';
        const pr = url.searchParams.get('pr') ?? '';
        if (!open.delete(k1)) return sendJson(res, 200, error('This tap was already used'));
        const amountSat = decodeInvoice(pr)?.amountSat ?? null;
        if (amountSat === null) return sendJson(res, 200, error('Not an invoice with an amount'));
        const msat = amountSat * 1000;
        if (msat < minWithdrawable || msat > maxWithdrawable) {
          return sendJson(res, 200, error('Amount outside the card limits'));
        }
        // A Lightning node never pays the same payment hash twice.
        if (paid.some((payment) => payment.pr === pr)) {
          return sendJson(res, 200, error('This invoice was already paid'));
        }
        const answer = await fetch(`${options.mintUrl}/dev/pay-invoice`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ request: pr }),
        });
        if (!answer.ok) return sendJson(res, 200, error(`The mint refused: ${answer.status}`));
        paid.push({ pr, amountSat });
        log(`paid ${amountSat} sats`);
        return sendJson(res, 200, { status: 'OK' });
      }
      return sendJson(res, 404, error('Not found'));
    },
    options.port ?? 3341,
    options.host ?? '127.0.0.1',
  );
  base = listening.url;
  const hostPort = base.replace(/^http:\/\//, '');
  return {
    url: base,
    port: listening.port,
    cardUrl: `lnurlw://${hostPort}/card?p=${card.p}&c=${card.c}`,
    payments: () => [...paid],
    close: () => listening.close(),
  };
}
