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
      },
    ]);
  });

  it('lists recommended mints the auditor does not know, without auditor data', () => {
    const [mint] = mergeDiscovery([], [{ url: 'https://r.example', recommendations: [r(3)] }]);
    expect(mint).toEqual({ url: 'https://r.example', score: 3, recommendations: [r(3)] });
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
});
