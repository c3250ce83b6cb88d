// Browser entry point: hands over to the composition root in src/app, with the ONBOARDED read, the
// prerendered screen and any tap on it that index.html's early script already started or caught
// (the same module, evaluated once).
import {
  earlyFirstScreen,
  earlyOnboardedGuess,
  earlyOnboardedRead,
  takeEarlyTap,
} from './early-onboarded-read';
import { startApp } from './app/start-up/start';

startApp(document.getElementById('root')!, {
  onboardedRead: earlyOnboardedRead,
  onboardedGuess: earlyOnboardedGuess,
  firstScreen: earlyFirstScreen,
  takeEarlyTap,
});
