// Asking a typed mint address for its NUT-06 info before Settings saves it, so a typo or a mint
// that is down is caught while the merchant is still looking at the field.
import { MintUnreachableError } from '../errors';
import { mintUrlKey } from '../urls/normalise-url';

export interface MintCheck {
  /** the mint's own name, or its host when it gives none */
  name: string;
}

export interface MintCheckOptions {
  fetch?: typeof globalThis.fetch;
  /** how long to wait for the answer */
  timeoutMs?: number;
}

export const MINT_CHECK_TIMEOUT_MS = 10_000;

/** GET {mintUrl}/v1/info; throws MintUnreachableError with the reason in the merchant's words. */
export async function checkMintInfo(
  mintUrl: string,
  options: MintCheckOptions = {},
): Promise<MintCheck> {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? MINT_CHECK_TIMEOUT_MS;
  const base = mintUrlKey(mintUrl);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetchFn(`${base}/v1/info`, { signal: abort.signal });
  } catch (error) {
    throw new MintUnreachableError(
      abort.signal.aborted
        ? `the mint did not answer within ${Math.ceil(timeoutMs / 1000)} s`
        : 'the address cannot be reached',
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) throw new MintUnreachableError(`the mint answered HTTP ${response.status}`);
  let info: unknown;
  try {
    info = await response.json();
  } catch (error) {
    throw new MintUnreachableError('this address does not answer as a Cashu mint', {
      cause: error,
    });
  }
  if (typeof info !== 'object' || info === null || !('nuts' in info || 'pubkey' in info)) {
    throw new MintUnreachableError('this address does not answer as a Cashu mint');
  }
  const name = (info as { name?: unknown }).name;
  return {
    name: typeof name === 'string' && name.trim() !== '' ? name.trim() : new URL(base).host,
  };
}
