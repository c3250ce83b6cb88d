// Merging auditor data with recommendations and ranking the result.
import { describe, expect, it } from 'vitest';
import { mergeDiscovery } from './merge';
import type { AuditorData } from './types';

const audit = (url: string, over: Partial<AuditorData> = {}): AuditorData => ({
  url,
  name: url,
  updated_at: '2025-01-01T00:00:00',
  state: 'OK',
  errors: 0,
  mints: 0,
  melts: 0,
  ...over,
});
const r = (score: number, comment = '') => ({ score, comment });

describe('mergeDiscovery', () => {
  it('joins both sources on the mint URL and averages the score to two decimals', () => {
    const result = mergeDiscovery(
      [audit('https://a.example', { mints: 3 })],
      [{ url: 'https://a.example', recommendations: [r(5, 'top'), r(4), r(4)] }],
    );
    expect(result).toEqual([
      {
        url: 'https://a.example',
        score: 4.33,
        recommendations: [r(5, 'top'), r(4), r(4)],
        auditorData: audit('https://a.example', { mints: 3 }),
        vouchedScore: 4.33,
        vouchedCount: 3,
      },
    ]);
  });

  it('lists auditor-only mints with score 0 and no recommendations', () => {
    expect(mergeDiscovery([audit('https://only-audit.example')], [])).toEqual([
      {
        url: 'https://only-audit.example',
        score: 0,
        recommendations: [],
        auditorData: audit('https://only-audit.example'),
        vouchedScore: 0,
        vouchedCount: 0,
      },
    ]);
  });

  it('lists recommended mints the auditor does not know, without auditor data', () => {
    const [mint] = mergeDiscovery([], [{ url: 'https://r.example', recommendations: [r(3)] }]);
    expect(mint).toEqual({
      url: 'https://r.example',
      score: 3,
      recommendations: [r(3)],
      vouchedScore: 3,
      vouchedCount: 1,
    });
    expect(mint).not.toHaveProperty('auditorData');
  });

  it('sorts by score, then by auditor data', () => {
    const result = mergeDiscovery(
      [
        audit('https://busy.example', { mints: 50, melts: 50 }),
        audit('https://quiet.example', { mints: 1 }),
        audit('https://flaky.example', { mints: 1, errors: 9 }),
        audit('https://good.example'),
      ],
      [
        { url: 'https://good.example', recommendations: [r(4)] },
        { url: 'https://best.example', recommendations: [r(5)] },
        { url: 'https://unrated.example', recommendations: [] },
      ],
    );
    expect(result.map((m) => m.url)).toEqual([
      'https://best.example',
      'https://good.example',
      'https://busy.example',
      'https://quiet.example',
      'https://flaky.example',
      'https://unrated.example',
    ]);
  });

  it('never ranks reviews from keys with no other activity above audited data', () => {
    const VOUCHED = 'a'.repeat(64);
    const FRESH = 'f'.repeat(64);
    const review = (score: number, author: string) => ({ score, comment: '', author });
    const result = mergeDiscovery(
      [audit('https://audited.example', { mints: 5 })],
      [
        // Ten fresh keys giving 5 stars: a cheap way to buy a top spot, refused.
        {
          url: 'https://sybil.example',
          recommendations: Array.from({ length: 10 }, (_, i) =>
            review(5, String(i).repeat(64).slice(0, 64)),
          ),
        },
        { url: 'https://known.example', recommendations: [review(4, VOUCHED)] },
        { url: 'https://mixed.example', recommendations: [review(5, FRESH), review(3, VOUCHED)] },
      ],
      { vouched: new Set([VOUCHED]) },
    );
    expect(result.map((m) => [m.url, m.vouchedScore])).toEqual([
      ['https://known.example', 4],
      ['https://mixed.example', 3],
      ['https://audited.example', 0],
      ['https://sybil.example', 0],
    ]);
    // The shown score still averages every review.
    expect(result.find((m) => m.url === 'https://sybil.example')?.score).toBe(5);
  });

  it('lists mints that did not answer /v1/info last, keeping the rank among the rest', () => {
    const result = mergeDiscovery(
      [audit('https://down.example', { mints: 99 }), audit('https://up.example')],
      [{ url: 'https://best-but-down.example', recommendations: [r(5)] }],
      {
        reachable: new Map([
          ['https://down.example', false],
          ['https://up.example', true],
          ['https://best-but-down.example', false],
        ]),
      },
    );
    expect(result.map((m) => [m.url, m.reachable])).toEqual([
      ['https://up.example', true],
      ['https://best-but-down.example', false],
      ['https://down.example', false],
    ]);
  });
});
