// Mint URL acceptance and normalisation shared by the relay and auditor halves of discovery.
import { canonicalUrl, urlProblem } from '../urls/normalise-url';

/**
 * The URL in the form used to match the same mint from different sources (core/urls), or
 * undefined when it is not a mint URL the app may use (https, or http on loopback/.onion).
 */
export function normaliseMintUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  if (urlProblem(raw, 'mint') !== undefined) return undefined;
  return canonicalUrl(raw, 'mint');
}
