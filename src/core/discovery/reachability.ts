// Which discovered mints answer GET /v1/info (NUT-06) right now (docs/protocol.md "Mint discovery").
import type { FetchFn } from './auditor';

/** Answered: HTTP 2xx with a JSON object. Anything else, or no answer in time: unreachable. */
async function answersInfo(fetch: FetchFn, url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(`${url}/v1/info`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' && !Array.isArray(body);
  } catch {
    return false;
  }
}

/** Asks every URL in parallel; never rejects. */
export async function probeMints(
  fetch: FetchFn,
  urls: string[],
  timeoutMs: number,
): Promise<Map<string, boolean>> {
  const answers = await Promise.all(urls.map((url) => answersInfo(fetch, url, timeoutMs)));
  return new Map(urls.map((url, i) => [url, answers[i]!]));
}
