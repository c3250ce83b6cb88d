// Telling a failing mint from a silent one and from no network at all.
import { HttpResponseError, NetworkError } from '@cashu/cashu-ts';
import { describe, expect, it } from 'vitest';
import { MintRefusedError } from '../errors';
import { toMintError } from './mint-errors';
import { describeMintFailure } from './mint-failure';

describe('describeMintFailure', () => {
  it('an HTTP 500 is a mint that answers but fails, with its status', () => {
    const error = toMintError(new HttpResponseError('HTTP request failed', 500));
    expect(describeMintFailure(error)).toEqual({ kind: 'failing', status: 500 });
  });

  it('a 503 and a 429 keep their status', () => {
    expect(describeMintFailure(toMintError(new HttpResponseError('x', 503)))).toEqual({
      kind: 'failing',
      status: 503,
    });
    expect(describeMintFailure(toMintError(new HttpResponseError('x', 429)))).toEqual({
      kind: 'failing',
      status: 429,
    });
  });

  it('a timeout is a mint that did not answer', () => {
    const error = toMintError(new NetworkError('Request timed out after 10000ms'));
    expect(describeMintFailure(error)).toEqual({ kind: 'no-answer' });
  });

  it('a failed fetch is the network', () => {
    const error = toMintError(new NetworkError('Failed to fetch'));
    expect(describeMintFailure(error)).toEqual({ kind: 'network' });
  });

  it('a refusal is not a failure to reach the mint', () => {
    expect(describeMintFailure(new MintRefusedError('Quote not paid', 20001))).toBeUndefined();
    expect(describeMintFailure(new Error('x'))).toBeUndefined();
  });
});
