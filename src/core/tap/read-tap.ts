// What an NFC card or tag handed the till: a Bolt Card's LNURL-withdraw (the `lnurlw://` form or a
// bech32 LNURL), a Cashu token or a NUT-18 payment request (docs/protocol.md "Tap to pay").
import { bech32 } from '@scure/base';
import { isLoopbackHost } from '../wallet/cash-out/lnurl';

export type TapRead =
  | { kind: 'withdraw'; url: string }
  | { kind: 'token'; token: string }
  | { kind: 'request'; request: string }
  | { kind: 'unknown' };

const BECH32_LNURL = /^lnurl1[02-9ac-hj-np-z]+$/i;

/** LUD-17: `lnurlw://` is https, http only on loopback (the dev stack) and .onion hosts. */
function withdrawUrl(rest: string): string {
  const host = (rest.split(/[/?#]/)[0] ?? '').replace(/:\d+$/, '');
  const plain = isLoopbackHost(host) || host.toLowerCase().endsWith('.onion');
  return `${plain ? 'http' : 'https'}://${rest}`;
}

export function readTap(text: string): TapRead {
  const trimmed = text.trim().replace(/^(lightning|cashu):/i, '');
  const lud17 = /^lnurlw:\/\/(.+)$/i.exec(trimmed);
  if (lud17) return { kind: 'withdraw', url: withdrawUrl(lud17[1]!) };
  if (BECH32_LNURL.test(trimmed)) {
    // A bech32 LNURL says only where to ask; the answer's tag tells withdraw from pay.
    try {
      const { words } = bech32.decode(trimmed.toLowerCase() as `${string}1${string}`, 2000);
      return { kind: 'withdraw', url: new TextDecoder().decode(bech32.fromWords(words)) };
    } catch {
      return { kind: 'unknown' };
    }
  }
  if (/^cashu[AB]/.test(trimmed)) return { kind: 'token', token: trimmed };
  if (/^(creqA|CREQB)/i.test(trimmed)) return { kind: 'request', request: trimmed };
  return { kind: 'unknown' };
}
