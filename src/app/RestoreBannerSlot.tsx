// Where the restore banner goes: its code is asked for only once the services have loaded after
// the first screen's paint (the banner shows nothing before them), so the first render of a main
// screen carries no dynamic import and no suspended boundary (docs/performance.md "Taps").
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ServiceSource } from './services/deferred';

const RestoreBanner = lazy(() =>
  import('./RestoreBanner').then((m) => ({ default: m.RestoreBanner })),
);

export function RestoreBannerSlot({
  source,
}: {
  source: Pick<ServiceSource, 'afterFirstPaint' | 'base'>;
}) {
  const [servicesLoaded, setServicesLoaded] = useState(false);
  useEffect(() => {
    let active = true;
    // After a failed load the banner mounts all the same and reports it (its own hook's log).
    void source
      .afterFirstPaint()
      .catch(() => undefined)
      .then(() => active && setServicesLoaded(true));
    return () => {
      active = false;
    };
  }, [source]);
  if (!servicesLoaded) return null;
  return (
    <Suspense fallback={null}>
      <RestoreBanner source={source} />
    </Suspense>
  );
}
