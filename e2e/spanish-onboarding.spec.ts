// A new user in Spanish (issue 48, decision 0070): with Chromium's locale es-ES the welcome, the
// phrase, mint, relays and complete steps and then the keypad's navigation read Spanish, no text
// of their catalogs shows in English, and the prerendered English welcome never reaches the page.
import type { Page } from '@playwright/test';
import onboardingEnglish from '../src/features/onboarding/locales/onboarding/en.json' with { type: 'json' };
import onboardingSpanish from '../src/features/onboarding/locales/onboarding/es.json' with { type: 'json' };
import welcomeEnglish from '../src/features/onboarding/locales/welcome/en.json' with { type: 'json' };
import welcomeSpanish from '../src/features/onboarding/locales/welcome/es.json' with { type: 'json' };
import posSpanish from '../src/features/pos/locales/keypad/es.json' with { type: 'json' };
import shellEnglish from '../src/app/locales/shell/en.json' with { type: 'json' };
import shellSpanish from '../src/app/locales/shell/es.json' with { type: 'json' };
import fieldErrorsEnglish from '../src/ui/locales/field-errors/en.json' with { type: 'json' };
import fieldErrorsSpanish from '../src/ui/locales/field-errors/es.json' with { type: 'json' };
import pinSpanish from '../src/ui/locales/pin/es.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { LANDS } from './helpers/invoice';

test.use({ locale: 'es-ES' });

/** A catalog's plain texts (no argument) that read differently in Spanish. */
function plainEnglishOnly(english: Record<string, string>, spanish: Record<string, string>) {
  return Object.entries(english)
    .filter(([key, text]) => !text.includes('{') && spanish[key] !== text)
    .map(([, text]) => text);
}

const ENGLISH = [
  ...plainEnglishOnly(welcomeEnglish, welcomeSpanish),
  ...plainEnglishOnly(onboardingEnglish, onboardingSpanish),
  ...plainEnglishOnly(shellEnglish, shellSpanish),
  ...plainEnglishOnly(fieldErrorsEnglish, fieldErrorsSpanish),
];

/** No English text of these catalogs is visible, nor as a label or name of what is visible. */
async function expectNoEnglish(page: Page, step: string) {
  for (const text of ENGLISH) {
    const visible = page.getByText(text, { exact: true }).filter({ visible: true });
    expect(await visible.count(), `${step}: "${text}"`).toBe(0);
    expect(await page.getByLabel(text, { exact: true }).count(), `${step}: label "${text}"`).toBe(
      0,
    );
  }
}

test('a new user onboards in Spanish, then finds the navigation in Spanish', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  // Each page's check reads every English text of the catalogs: slow on a busy machine.
  test.setTimeout(180_000);
  // Whether the English welcome was ever shown in the app's root, watched from before the first
  // script runs (index.html holds its markup as a data block's text, never shown).
  await page.addInitScript((title: string) => {
    const seen = { english: false };
    (window as unknown as { englishWelcome: typeof seen }).englishWelcome = seen;
    new MutationObserver(() => {
      if (document.getElementById('root')?.textContent?.includes(title)) seen.english = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, welcomeEnglish.WELCOME_TITLE);

  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(
    page.getByRole('heading', { level: 1, name: welcomeSpanish.WELCOME_TITLE }),
  ).toBeVisible();
  await expect(page.getByText(welcomeSpanish.WELCOME_TEXT)).toBeVisible();
  await expect(page.getByText(welcomeSpanish.WELCOME_STEPS)).toBeVisible();
  await expectNoEnglish(page, 'welcome');
  const englishWelcome = () =>
    page.evaluate(
      () => (window as unknown as { englishWelcome: { english: boolean } }).englishWelcome.english,
    );
  expect(await englishWelcome()).toBe(false);

  // Step 1: the new phrase, its notice and the written-down box.
  await page.getByRole('button', { name: welcomeSpanish.CREATE_WALLET, exact: true }).click();
  await expect(page.getByTestId('phrase-word')).toHaveCount(12);
  await expect(page.getByRole('heading', { name: onboardingSpanish.PHRASE_TITLE })).toBeVisible();
  await expect(page.getByText('Paso 1 de 4')).toBeVisible();
  await expect(page.getByText(onboardingSpanish.SECURITY_ONLY_WAY)).toBeVisible();
  const next = page.getByRole('button', { name: onboardingSpanish.STEP_CONTINUE, exact: true });
  await expect(next).toBeDisabled();
  await expectNoEnglish(page, 'phrase');
  await page.getByLabel(onboardingSpanish.WRITTEN_DOWN_LABEL).check();
  await next.click();

  // Step 2: the mint, typed in the custom tab.
  await expect(page.getByRole('heading', { name: onboardingSpanish.MINT_TITLE })).toBeVisible();
  await expect(
    page.getByRole('tab', { name: onboardingSpanish.DISCOVERED_TAB, exact: true }),
  ).toBeVisible();
  await expectNoEnglish(page, 'mint');
  await page.getByRole('tab', { name: onboardingSpanish.CUSTOM_TAB, exact: true }).click();
  const mintField = page.getByLabel(onboardingSpanish.ONBOARDING_MINT_URL, { exact: true });
  // A URL core refuses: its reason reads Spanish (decision 0063), and the step stays.
  await mintField.fill('not a mint');
  await next.click();
  await expect(page.getByText(fieldErrorsSpanish.MINT_URL_INVALID)).toBeVisible();
  await expectNoEnglish(page, 'bad mint');
  await mintField.fill(mintUrl);
  await expect(page.getByText(onboardingSpanish.MINT_URL_HINT)).toBeVisible();
  await expectNoEnglish(page, 'custom mint');
  await next.click();

  // Step 3: the relays.
  await expect(page.getByRole('heading', { name: onboardingSpanish.RELAYS_TITLE })).toBeVisible();
  const relaysField = page.getByLabel(onboardingSpanish.ONBOARDING_RELAYS_LABEL, { exact: true });
  await relaysField.fill('https://relay.example');
  await expect(
    page.getByText(
      fieldErrorsSpanish.RELAY_URL_INVALID.replace('{value}', 'https://relay.example'),
    ),
  ).toBeVisible();
  await relaysField.fill(relayUrl);
  await expect(page.getByTestId('relay-count')).toHaveText('Relays configurados (1)');
  await expectNoEnglish(page, 'relays');
  await next.click();

  // Step 4: the summary, then the wallet is made.
  await expect(page.getByRole('heading', { name: onboardingSpanish.COMPLETE_TITLE })).toBeVisible();
  await expect(page.getByTestId('summary-mode')).toHaveText(onboardingSpanish.SUMMARY_NEW);
  await expect(page.getByTestId('summary-relay-count')).toHaveText('Relays (1)');
  await expect(page.getByText(onboardingSpanish.NEXT_STEP_INVOICE)).toBeVisible();
  await expectNoEnglish(page, 'complete');
  // A PIN too short is refused in Spanish before anything is stored; left empty it is skipped.
  const newPin = page.getByLabel(pinSpanish.PIN_NEW_LABEL, { exact: true });
  const repeatedPin = page.getByLabel(pinSpanish.PIN_REPEAT_LABEL, { exact: true });
  await newPin.fill('12');
  await repeatedPin.fill('12');
  await page.getByRole('button', { name: onboardingSpanish.COMPLETE_SETUP, exact: true }).click();
  await expect(page.getByText(fieldErrorsSpanish.PIN_FORMAT)).toBeVisible();
  await newPin.fill('');
  await repeatedPin.fill('');
  await page.getByRole('button', { name: onboardingSpanish.COMPLETE_SETUP, exact: true }).click();
  await expect(page.getByText(onboardingSpanish.WELCOME_TOAST)).toBeVisible(LANDS);
  await expect(page).toHaveURL(/\/$/);

  // The keypad and its navigation: the sidebar at this width, the menu button on a phone.
  await expect(page.getByRole('heading', { name: posSpanish.POS_TITLE })).toBeVisible();
  const nav = page.getByRole('navigation', { name: shellSpanish.NAV_MAIN, exact: true });
  await expect(nav.getByRole('link')).toHaveText([
    shellSpanish.NAV_HOME,
    shellSpanish.NAV_WALLET,
    shellSpanish.NAV_CONNECT,
    shellSpanish.NAV_SETTINGS,
  ]);
  await expect(page.getByTestId('connection-status')).toHaveText(
    new RegExp(`^${shellSpanish.STATUS_ONLINE_TEXT}|${shellSpanish.STATUS_MINT_UNREACHABLE_TEXT}`),
    LANDS,
  );
  await expectNoEnglish(page, 'keypad');
  await nav.getByRole('link', { name: shellSpanish.NAV_WALLET, exact: true }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.getByRole('button', { name: shellSpanish.NAV_TOGGLE, exact: true });
  await toggle.click();
  await nav.getByRole('link', { name: shellSpanish.NAV_HOME, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectNoEnglish(page, 'phone');
  expect(await englishWelcome()).toBe(false);
});
