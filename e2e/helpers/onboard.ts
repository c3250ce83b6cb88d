// E2E helper: an onboarded merchant in one call, through the single-page legacy onboarding.
import { expect, type Page } from '@playwright/test';
import de from '../../src/features/onboarding/locales/onboarding/de.json' with { type: 'json' };
import en from '../../src/features/onboarding/locales/onboarding/en.json' with { type: 'json' };
import es from '../../src/features/onboarding/locales/onboarding/es.json' with { type: 'json' };
import fr from '../../src/features/onboarding/locales/onboarding/fr.json' with { type: 'json' };
import ptBR from '../../src/features/onboarding/locales/onboarding/pt-BR.json' with { type: 'json' };

/** The onboarding's texts by `<html lang>`: the page speaks the browser context's language. */
const TEXTS: Record<string, typeof en> = { en, es, 'pt-BR': ptBR, de, fr };

export interface OnboardOptions {
  /** Restore this phrase; omitted = create a new wallet from the generated phrase. */
  phrase?: string;
  mintUrl: string;
  relayUrl: string;
}

/**
 * Onboards the page's browser context (mint, relay, keys from the phrase, ONBOARDED) and leaves
 * it on / . Resolves with the phrase the wallet was created from (the generated one in create
 * mode), so tests can restore the same wallet elsewhere.
 */
export async function onboard(page: Page, options: OnboardOptions): Promise<{ phrase: string }> {
  await page.goto('/onboarding-legacy');
  await expect(page.locator('main h1')).toBeVisible();
  const texts = TEXTS[(await page.locator('html').getAttribute('lang')) ?? 'en'] ?? en;
  await page.getByLabel(texts.ONBOARDING_MINT_URL, { exact: true }).fill(options.mintUrl);
  await page.getByLabel(texts.ONBOARDING_RELAYS_LABEL, { exact: true }).fill(options.relayUrl);

  let phrase = options.phrase;
  if (phrase) {
    await page.getByRole('button', { name: texts.LEGACY_RESTORE }).click();
    await page.getByLabel(texts.PHRASE_FIELD_LABEL, { exact: true }).fill(phrase);
  } else {
    const words = page.getByTestId('phrase-word');
    await expect(words).toHaveCount(12);
    phrase = (await words.allTextContents()).join(' ');
    await page.getByLabel(texts.WRITTEN_DOWN_LABEL).check();
  }

  await page.getByRole('button', { name: texts.LEGACY_CONTINUE }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { phrase };
}
