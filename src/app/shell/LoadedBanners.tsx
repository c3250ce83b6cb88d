// The shell's banners with nothing to say before the services have loaded: the PIN lock (whether a
// PIN is set is read by the services), the update prompt (a new version can wait only after the
// service worker registers, later still) and the restore scan's progress. Their own chunk, asked
// for by LoadedBannersSlot, so the first screen's code holds neither the PIN prompt nor its modal.
import type { AppUpdate, InvoiceActivity } from './app-update';
import { LockScreen } from './LockScreen';
import { RestoreBanner } from './RestoreBanner';
import type { ServiceSource } from '../services/deferred';
import { UpdateBanner } from './UpdateBanner';

export interface LoadedBannersProps {
  source: Pick<ServiceSource, 'afterFirstPaint' | 'base'>;
  update: AppUpdate;
  activity: InvoiceActivity;
}

export function LoadedBanners({ source, update, activity }: LoadedBannersProps) {
  return (
    <>
      <LockScreen source={source} />
      <UpdateBanner update={update} activity={activity} />
      <RestoreBanner source={source} />
    </>
  );
}
