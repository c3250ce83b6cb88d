// NIP-87 recommendation parsing and rating aggregation (docs/protocol.md "Mint discovery").
import { describe, expect, it } from 'vitest';
import {
  averageScore,
  collectRatings,
  parseRating,
  parseRecommendationEvent,
} from './recommendations';
import { recommendation } from './test-events';

describe('parseRating', () => {
  it.each([
    ['[4/5] fast and reliable', { score: 4, comment: 'fast and reliable' }],
    ['[0/5] lost my sats', { score: 0, comment: 'lost my sats' }],
    ['[5/5]', { score: 5, comment: '' }],
    ['  [3/5]   ok\nmulti-line ', { score: 3, comment: 'ok\nmulti-line' }],
  ])('reads "[score/5] comment" from %j', (content, rating) => {
    expect(parseRating(content)).toEqual(rating);
  });

  it('rejects scores outside 0..5, non-numeric scores and missing brackets', () => {
    for (const content of [
      '[6/5] too good',
      '[10/5] way too good',
      '[-1/5] bad',
      '[a/5] letters',
      '[4.5/5] decimals',
      '[4/10] other scale',
      '4/5 no brackets',
      '(4/5) parens',
      'great mint [5/5]',
      '',
    ]) {
      expect(parseRating(content), content).toBeUndefined();
    }
    expect(parseRating(undefined)).toBeUndefined();
  });
});

describe('parseRecommendationEvent', () => {
  it('reads URL, author and rating from a valid event', () => {
    const event = recommendation({ url: 'https://Mint.Example.com/', content: '[4/5] nice' });
    expect(parseRecommendationEvent(event)).toEqual({
      url: 'https://mint.example.com',
      author: event.pubkey,
      createdAt: event.created_at,
      rating: { score: 4, comment: 'nice' },
    });
  });

  it('keeps the mint but no rating when the comment is malformed', () => {
    const parsed = parseRecommendationEvent(recommendation({ content: '[6/5] wow' }));
    expect(parsed?.url).toBe('https://mint.example.com');
    expect(parsed?.rating).toBeUndefined();
  });

  it('ignores events without an http(s) u tag', () => {
    for (const url of [
      'ftp://mint.example.com',
      'javascript:alert(1)',
      'mint.example.com',
      'wss://mint.example.com',
      '',
    ]) {
      expect(parseRecommendationEvent(recommendation({ url })), url).toBeUndefined();
    }
    expect(parseRecommendationEvent(recommendation({ url: null }))).toBeUndefined();
  });

  it('uses the first usable u tag: https, or http only on loopback or .onion', () => {
    const event = recommendation({
      tags: [
        ['k', '38172'],
        ['u', 'ftp://nope'],
        ['u', 'http://mint.onion.example/'],
        ['u', 'https://Mint.Example.com/'],
      ],
    });
    expect(parseRecommendationEvent(event)?.url).toBe('https://mint.example.com');
  });

  it('ignores events not about cashu mints or of another kind', () => {
    expect(
      parseRecommendationEvent(
        recommendation({
          tags: [
            ['k', '38173'],
            ['u', 'https://m.example'],
          ],
        }),
      ),
    ).toBeUndefined();
    expect(
      parseRecommendationEvent(recommendation({ tags: [['u', 'https://m.example']] })),
    ).toBeUndefined();
    expect(parseRecommendationEvent({ ...recommendation(), kind: 1 })).toBeUndefined();
  });
});

describe('collectRatings', () => {
  it('groups by normalised URL and counts each author once (newest event)', () => {
    const ratings = collectRatings([
      recommendation({
        url: 'https://a.example',
        author: '1'.repeat(64),
        content: '[1/5] old',
        createdAt: 10,
      }),
      recommendation({
        url: 'https://a.example/',
        author: '1'.repeat(64),
        content: '[4/5] new',
        createdAt: 20,
      }),
      recommendation({ url: 'https://a.example', author: '2'.repeat(64), content: '[5/5] yes' }),
      recommendation({ url: 'https://b.example', author: '2'.repeat(64), content: 'no rating' }),
      recommendation({ url: 'ftp://c.example' }),
    ]);
    expect(ratings).toEqual([
      {
        url: 'https://a.example',
        recommendations: [
          { score: 4, comment: 'new', author: '1'.repeat(64) },
          { score: 5, comment: 'yes', author: '2'.repeat(64) },
        ],
      },
      { url: 'https://b.example', recommendations: [] },
    ]);
  });
});

describe('averageScore', () => {
  it('averages to two decimals, 0 without ratings', () => {
    const r = (score: number) => ({ score, comment: '' });
    expect(averageScore([])).toBe(0);
    expect(averageScore([r(5), r(4), r(4)])).toBe(4.33);
    expect(averageScore([r(5), r(5), r(4)])).toBe(4.67);
    expect(averageScore([r(3), r(4)])).toBe(3.5);
  });
});
