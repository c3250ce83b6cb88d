// Mint error mapping: SPEC §8 texts kept, definite refusals told apart from ambiguous failures.
import { describe, expect, it } from 'vitest';
import { HttpResponseError, MintOperationError, NetworkError } from '@cashu/cashu-ts';
import { MintRefusedError, MintUnreachableError } from '../errors';
import { isAmbiguous, isDefiniteRefusal, toMintError } from './mint-errors';

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
});

describe('classification', () => {
  it('treats a coded refusal as definite, except quote pending', () => {
    expect(isDefiniteRefusal(new MintOperationError(11001, 'spent'))).toBe(true);
    expect(isAmbiguous(new MintOperationError(11001, 'spent'))).toBe(false);
    expect(isDefiniteRefusal(new MintOperationError(20005, 'pending'))).toBe(false);
    expect(isAmbiguous(new MintOperationError(20005, 'pending'))).toBe(true);
  });

  it('treats network errors, 5xx and uncoded HTTP errors as ambiguous', () => {
    expect(isAmbiguous(new NetworkError('fetch failed'))).toBe(true);
    expect(isAmbiguous(new HttpResponseError('HTTP request failed', 503))).toBe(true);
    expect(isAmbiguous(new HttpResponseError('not found', 404))).toBe(true);
    expect(isAmbiguous(new Error('local bug'))).toBe(false);
  });
});
