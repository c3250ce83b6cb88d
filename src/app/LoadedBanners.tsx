// The shell's banners with nothing to say before the services have loaded: the update prompt (a
// new version can wait only after the service worker registers, later still) and the restore
// scan's progress. Their own chunk, asked for by LoadedBannersSlot.
import type { AppUpdate, InvoiceActivity } from './app-update';
import { RestoreBanner } from './RestoreBanner';
import type { ServiceSource } from './services/deferred';
import { UpdateBanner } from './UpdateBanner';

export interface LoadedBannersProps {
  source: Pick<ServiceSource, 'afterFirstPaint' | 'base'>;
  update: AppUpdate;
  activity: InvoiceActivity;
}

export function LoadedBanners({ source, update, activity }: LoadedBannersProps) {
  return (
    <>
      <UpdateBanner update={update} activity={activity} />
      <RestoreBanner source={source} />
    </>
  );
}
