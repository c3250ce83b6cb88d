// Mint error mapping, the one classifier of every mint call, as docs/protocol.md
// "How a failure is read" describes: texts kept, definite refusals told apart from ambiguous ones.
import { describe, expect, it } from 'vitest';
import { HttpResponseError, MintOperationError, NetworkError } from '@cashu/cashu-ts';
import { MintRefusedError, MintUnreachableError } from '../errors';
import { isAmbiguous, isDefiniteRefusal, NutCode, refusalCode, toMintError } from './mint-errors';

describe('toMintError', () => {
  it('keeps a 400 refusal with its NUT code and detail as a MintRefusedError', () => {
    const mapped = toMintError(new MintOperationError(20002, 'tokens already issued'));
    expect(mapped).toBeInstanceOf(MintRefusedError);
    expect(mapped).toMatchObject({ message: 'tokens already issued', code: 20002 });
  });

  it("says 'Network request failed' for any network failure", () => {
    const mapped = toMintError(new NetworkError('fetch failed'));
    expect(mapped).toBeInstanceOf(MintUnreachableError);
    expect(mapped.message).toBe('Network request failed');
  });

  it('keeps the HTTP error text (or the fallback) of a 5xx as MintUnreachableError', () => {
    expect(toMintError(new HttpResponseError('HTTP request failed', 502))).toMatchObject({
      name: 'MintUnreachableError',
      message: 'HTTP request failed',
    });
    expect(toMintError(new HttpResponseError('database locked', 500)).message).toBe(
      'database locked',
    );
  });

  it('reads another 4xx as a refusal, but 408 and 429 as "the mint may still act"', () => {
    expect(toMintError(new HttpResponseError('not found', 404))).toBeInstanceOf(MintRefusedError);
    expect(toMintError(new HttpResponseError('request timeout', 408))).toMatchObject({
      name: 'MintUnreachableError',
      message: 'request timeout',
    });
    expect(toMintError(new HttpResponseError('too many requests', 429))).toMatchObject({
      name: 'MintUnreachableError',
      message: 'too many requests',
    });
  });

  it('keeps the text of a timeout, and names every other network failure the same', () => {
    expect(toMintError(new NetworkError('Request timed out after 5000ms')).message).toBe(
      'Request timed out after 5000ms',
    );
    expect(toMintError(new NetworkError('Failed to fetch')).message).toBe('Network request failed');
    expect(toMintError(new NetworkError('')).message).toBe('Network request failed');
  });

  it('passes our own typed errors through and wraps anything else as a CashewError', () => {
    const refused = new MintRefusedError('spent', 11001);
    expect(toMintError(refused)).toBe(refused);
    expect(toMintError(new Error('local bug'))).toMatchObject({
      name: 'CashewError',
      message: 'local bug',
    });
    expect(toMintError('thrown string').message).toBe('Unknown error');
  });
});

describe('classification', () => {
  it('treats a coded refusal as definite, except quote pending', () => {
    expect(isDefiniteRefusal(new MintOperationError(11001, 'spent'))).toBe(true);
    expect(isAmbiguous(new MintOperationError(11001, 'spent'))).toBe(false);
    expect(isDefiniteRefusal(new MintOperationError(20005, 'pending'))).toBe(false);
    expect(isAmbiguous(new MintOperationError(20005, 'pending'))).toBe(true);
  });

  it('reads both NUT tables by code alone, whatever the text says', () => {
    // 11002 is "not balanced" (older) or "proofs are pending" (current): pending either way.
    for (const text of ['Transaction is not balanced', 'Proofs are pending', '']) {
      expect(isDefiniteRefusal(new MintOperationError(11002, text))).toBe(false);
      expect(isAmbiguous(new MintOperationError(11002, text))).toBe(true);
    }
    expect(isAmbiguous(new MintOperationError(11004, 'outputs are pending'))).toBe(true);
    // Renumbered conditions: outputs already signed reacts the same in both tables.
    expect(refusalCode(new MintOperationError(11003, 'x'))).toBe(NutCode.outputsAlreadySigned);
    expect(refusalCode(new MintOperationError(10002, 'x'))).toBe(NutCode.outputsAlreadySigned);
    // Codes only one table has are definite refusals (unit, verification, not balanced).
    for (const code of [11013, 11005, 10001, 10003, 20008]) {
      expect(isDefiniteRefusal(new MintOperationError(code, 'x'))).toBe(true);
    }
  });

  it('treats network errors, 5xx and uncoded HTTP errors as ambiguous', () => {
    expect(isAmbiguous(new NetworkError('fetch failed'))).toBe(true);
    expect(isAmbiguous(new HttpResponseError('HTTP request failed', 503))).toBe(true);
    expect(isAmbiguous(new HttpResponseError('not found', 404))).toBe(true);
    expect(isAmbiguous(new Error('local bug'))).toBe(false);
  });
});
