// Browser entry point: hands over to the composition root in src/app, with the ONBOARDED read and
// the prerendered screen that index.html's early script already started (the same module,
// evaluated once).
import { earlyFirstScreen, earlyOnboardedGuess, earlyOnboardedRead } from './early-onboarded-read';
import { startApp } from './app/start-up/start';

startApp(document.getElementById('root')!, {
  onboardedRead: earlyOnboardedRead,
  onboardedGuess: earlyOnboardedGuess,
  firstScreen: earlyFirstScreen,
});
