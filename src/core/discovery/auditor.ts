// Auditor API client: GET {auditor}/mints?limit=1000&skip=0, keeping only well-formed entries.
import { AUDITOR_LIST_LIMIT } from './constants';
import { usableMintUrl, withoutTrailingSlashes } from '../urls/normalise-url';
import type { AuditorData } from './types';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * One auditor list entry as AuditorData, or undefined when it is malformed
 * (docs/protocol.md "Mint discovery": invalid
 * entries are skipped). `name` may be missing or null (the auditor has not read the mint's
 * info yet): it becomes ''. Every other field must have its type.
 */
export function parseAuditorEntry(entry: unknown): AuditorData | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  const e = entry as Record<string, unknown>;
  const url = usableMintUrl(e.url);
  if (!url) return undefined;
  if (e.name !== undefined && e.name !== null && typeof e.name !== 'string') return undefined;
  if (typeof e.updated_at !== 'string' || typeof e.state !== 'string') return undefined;
  if (!isCount(e.n_errors) || !isCount(e.n_mints) || !isCount(e.n_melts)) return undefined;
  return {
    url,
    name: typeof e.name === 'string' ? e.name : '',
    updated_at: e.updated_at,
    state: e.state,
    errors: e.n_errors,
    mints: e.n_mints,
    melts: e.n_melts,
  };
}

export function parseAuditorList(body: unknown): AuditorData[] {
  if (!Array.isArray(body)) throw new Error('auditor reply is not a list');
  return body.map(parseAuditorEntry).filter((e): e is AuditorData => e !== undefined);
}

export function auditorListUrl(auditorUrl: string): string {
  return `${withoutTrailingSlashes(auditorUrl.trim())}/mints?limit=${AUDITOR_LIST_LIMIT}&skip=0`;
}

/** The auditor's mint list; throws on network failure, non-2xx, timeout or a non-list body. */
export async function fetchAuditorMints(
  fetchFn: FetchFn,
  auditorUrl: string,
  timeoutMs: number,
): Promise<AuditorData[]> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`timed out after ${timeoutMs} ms`)),
    timeoutMs,
  );
  try {
    const response = await fetchFn(auditorListUrl(auditorUrl), {
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseAuditorList(await response.json());
  } finally {
    clearTimeout(timer);
  }
}
