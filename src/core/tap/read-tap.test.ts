// What a tapped card or tag holds: the Bolt Card `lnurlw://` form (https, http only on loopback and
// .onion), a bech32 LNURL, a Cashu token, a NUT-18 request, or nothing the till takes.
import { bech32 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { readTap } from './read-tap';

const lnurl = (url: string) =>
  bech32.encode('lnurl', bech32.toWords(new TextEncoder().encode(url)), 2000).toUpperCase();

describe('reading a tap', () => {
  it('a Bolt Card’s lnurlw:// is its https withdraw URL', () => {
    expect(readTap('lnurlw://card.example.com/ln?p=A1&c=B2')).toEqual({
      kind: 'withdraw',
      url: 'https://card.example.com/ln?p=A1&c=B2',
    });
  });

  it('lnurlw:// on loopback or .onion stays plain http', () => {
    expect(readTap('lnurlw://127.0.0.1:3341/card?p=1&c=2')).toEqual({
      kind: 'withdraw',
      url: 'http://127.0.0.1:3341/card?p=1&c=2',
    });
    expect(readTap('LNURLW://abc.onion/w')).toEqual({
      kind: 'withdraw',
      url: 'http://abc.onion/w',
    });
  });

  it('a bech32 LNURL, with or without lightning:, is where to ask', () => {
    const url = 'https://card.example.com/w?p=1';
    expect(readTap(lnurl(url))).toEqual({ kind: 'withdraw', url });
    expect(readTap(`lightning:${lnurl(url)}`)).toEqual({ kind: 'withdraw', url });
  });

  it('a token and a payment request are told apart', () => {
    expect(readTap(' cashuBo2F0 ')).toEqual({ kind: 'token', token: 'cashuBo2F0' });
    expect(readTap('cashu:cashuAeyJ0')).toEqual({ kind: 'token', token: 'cashuAeyJ0' });
    expect(readTap('creqApWF0')).toEqual({ kind: 'request', request: 'creqApWF0' });
    expect(readTap('CREQB1QYQQ')).toEqual({ kind: 'request', request: 'CREQB1QYQQ' });
  });

  it('anything else is nothing the till takes', () => {
    expect(readTap('https://example.com')).toEqual({ kind: 'unknown' });
    expect(readTap('lnurl1notbech32')).toEqual({ kind: 'unknown' });
  });
});
