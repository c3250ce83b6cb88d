// NIP-87 mint recommendations: parsing kind 38000 events and averaging their ratings per mint.
import type { Event as NostrEvent } from 'nostr-tools/core';
import { KIND_CASHU_MINT, KIND_RECOMMENDATION } from './constants';
import { usableMintUrl } from '../urls/normalise-url';
import type { MintRecommendation } from './types';

/** A recommendation event reduced to what discovery uses. */
export interface ParsedRecommendation {
  url: string;
  author: string;
  createdAt: number;
  /** absent when the content is not in the '[score/5] comment' form */
  rating?: MintRecommendation;
}

/** Per mint URL: the ratings given (one per author) and whether anyone recommended it at all. */
export interface MintRatings {
  url: string;
  recommendations: MintRecommendation[];
}

// Whole-number scores 0..5 only: '[4/5] fast', '[0/5]'. Anything else is not a rating.
const RATING = /^\[([0-5])\/5\]\s*([\s\S]*)$/;

/** '[score/5] comment' with score 0..5 -> {score, comment}; anything else -> undefined. */
export function parseRating(content: unknown): MintRecommendation | undefined {
  if (typeof content !== 'string') return undefined;
  const match = RATING.exec(content.trim());
  if (!match) return undefined;
  return { score: Number(match[1]), comment: (match[2] ?? '').trim() };
}

function tagValues(event: NostrEvent, name: string): string[] {
  if (!Array.isArray(event.tags)) return [];
  return event.tags
    .filter((tag) => Array.isArray(tag) && tag[0] === name && typeof tag[1] === 'string')
    .map((tag) => tag[1] as string);
}

/**
 * A kind 38000 event with k=38172 and an http(s) 'u' tag, or undefined. The first u tag that is
 * an http(s) URL is used. A malformed rating does not discard the event: the mint still counts
 * as recommended, without a score.
 */
export function parseRecommendationEvent(event: NostrEvent): ParsedRecommendation | undefined {
  if (!event || event.kind !== KIND_RECOMMENDATION) return undefined;
  if (!tagValues(event, 'k').includes(String(KIND_CASHU_MINT))) return undefined;
  const url = tagValues(event, 'u')
    .map(usableMintUrl)
    .find((u): u is string => u !== undefined);
  if (!url) return undefined;
  const rating = parseRating(event.content);
  return {
    url,
    author: typeof event.pubkey === 'string' ? event.pubkey : '',
    createdAt: typeof event.created_at === 'number' ? event.created_at : 0,
    ...(rating ? { rating } : {}),
  };
}

/**
 * Groups recommendations by mint URL. An author counts once per mint (their newest event), so
 * re-publishing or several relays returning the same event cannot inflate a score.
 */
export function collectRatings(events: NostrEvent[]): MintRatings[] {
  const newest = new Map<string, ParsedRecommendation>();
  for (const event of events) {
    const parsed = parseRecommendationEvent(event);
    if (!parsed) continue;
    const key = `${parsed.author}\n${parsed.url}`;
    const seen = newest.get(key);
    if (!seen || parsed.createdAt > seen.createdAt) newest.set(key, parsed);
  }
  const byUrl = new Map<string, MintRatings>();
  for (const parsed of newest.values()) {
    let entry = byUrl.get(parsed.url);
    if (!entry) {
      entry = { url: parsed.url, recommendations: [] };
      byUrl.set(parsed.url, entry);
    }
    if (parsed.rating) {
      entry.recommendations.push(
        parsed.author ? { ...parsed.rating, author: parsed.author } : parsed.rating,
      );
    }
  }
  return [...byUrl.values()];
}

/** Average score rounded to two decimals; 0 when there is no rating. */
export function averageScore(recommendations: MintRecommendation[]): number {
  if (recommendations.length === 0) return 0;
  const sum = recommendations.reduce((total, r) => total + r.score, 0);
  return Math.round((sum / recommendations.length) * 100) / 100;
}
