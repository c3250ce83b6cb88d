// The names the mints of the balance per mint give themselves (NUT-06 info), asked once per mint
// while the wallet is open; a mint that does not answer keeps its URL (issue 48).
import { useEffect, useState } from 'react';

export function useMintNames(
  mintUrls: readonly string[],
  mintName?: (mintUrl: string) => Promise<string>,
): Record<string, string> {
  const [names, setNames] = useState<Record<string, string>>({});
  const key = [...mintUrls].sort().join(' ');
  useEffect(() => {
    let live = true;
    if (!mintName) return;
    for (const mintUrl of key ? key.split(' ') : []) {
      mintName(mintUrl).then(
        (name) => {
          if (live) setNames((known) => (known[mintUrl] ? known : { ...known, [mintUrl]: name }));
        },
        // Not reachable now: the URL stays, which is still true.
        () => undefined,
      );
    }
    return () => {
      live = false;
    };
  }, [key, mintName]);
  return names;
}
