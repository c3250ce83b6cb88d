// Where the update prompt and the restore banner go: their code is asked for once the services'
// load after the first paint has settled, so the first render of a main screen carries no dynamic
// import and no suspended boundary (docs/performance.md "Taps").
import { lazy, Suspense, useEffect, useState } from 'react';
import type { LoadedBannersProps } from './LoadedBanners';

const LoadedBanners = lazy(() =>
  import('./LoadedBanners').then((m) => ({ default: m.LoadedBanners })),
);

export function LoadedBannersSlot(props: LoadedBannersProps) {
  const { source } = props;
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let active = true;
    // Failed too: the update prompt may bring the version that loads again; the restore banner
    // logs the failure itself.
    void source
      .afterFirstPaint()
      .catch(() => undefined)
      .then(() => active && setSettled(true));
    return () => {
      active = false;
    };
  }, [source]);
  if (!settled) return null;
  return (
    <Suspense fallback={null}>
      <LoadedBanners {...props} />
    </Suspense>
  );
}
