// The early script's entry (vite-plugins/early-script.ts): the ONBOARDED read and the prerendered
// welcome (early-onboarded-read.ts, which the app imports too), and on a device with a wallet the
// till's fonts laid out while React downloads (app/start-up/font-warm-up.ts). The warm-up is here
// and not in the shared module, so the app's entry chunk does not carry it: by the time that chunk
// runs, the download it fills is over.
import { warmFirstFonts } from './app/start-up/font-warm-up';
import { documentParsed, earlyOnboardedGuess } from './early-onboarded-read';

void Promise.all([earlyOnboardedGuess, documentParsed()]).then(
  ([onboarded]) => warmFirstFonts(onboarded),
  () => warmFirstFonts(false),
);
