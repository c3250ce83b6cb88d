// Settings' Shop group form: the shop's name (carried to cashiers, optional, 40 characters) and
// its prices, saved together by one button (docs/behaviour.md "Settings (`/settings`)").
import { useCallback, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { ConfigStore } from '../../core/settings/ports';
import { PriceJumpError } from '../../core/prices/errors';
import type { PriceSettingsService } from './deps';
import { cleanShopName, SHOP_NAME_MAX, shopNameProblem } from '../../core/settings/shop-name';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/forms/TextField';
import { useFormToasts } from '../../ui/forms/use-form-toasts';
import { useRead } from '../../ui/use-read';
import { PriceFields, SATS_ONLY, type PriceForm } from './PriceFields';
import { useFormats, useTexts } from '../../ui/i18n';
import { Form } from '../../ui/forms/Form';
import { cardClasses } from '../../ui/Card';
import {
  PRICE_CHECK_FAILED,
  PRICE_CHECK_NO_PRICE,
  PRICE_CHECK_OK,
  PRICE_CHECK_REACHED,
  PRICE_USE_NEW,
  SHOP_LABEL,
  SHOP_NAME_COUNT,
  SHOP_NAME_LONG,
  SHOP_NOTE,
  SHOP_SAVE,
  SHOP_SAVED,
  SHOP_SAVED_NEW_NAME,
  SHOP_SAVE_FAILED,
  SHOP_TITLE,
} from './locales/settings/en.json';
import { priceErrorText } from './price-errors';

export interface ShopSettingsProps {
  config: Pick<ConfigStore, 'getShopName' | 'setShopName'>;
  /** Absent where the app has no price service (some tests): the form is the name alone. */
  prices?: PriceSettingsService;
  logger: Logger;
}

interface Loaded {
  storedName: string;
  price?: PriceForm;
}

async function load(config: ShopSettingsProps['config'], prices?: PriceSettingsService) {
  const storedName = await config.getShopName();
  if (!prices) return { loaded: { storedName }, currencies: [] };
  const [settings, currencies] = await Promise.all([prices.settings(), prices.currencies()]);
  const price = { currency: settings.currency ?? SATS_ONLY, url: settings.url };
  return { loaded: { storedName, price }, currencies };
}

// The form is the card itself (a <form> named by its title), so it takes the card's classes.
const CARD = cardClasses('ring', 4);

export function ShopSettings({ config, prices, logger }: ShopSettingsProps) {
  const t = useTexts();
  const formats = useFormats();
  /** What the price source said for the chosen currency. */
  const priceCheckOk = (currency: string, price: number | undefined) =>
    currency === ''
      ? t(PRICE_CHECK_REACHED)
      : price === undefined
        ? t(PRICE_CHECK_NO_PRICE, { currency })
        : t(PRICE_CHECK_OK, { price: formats.number(price), currency });
  const [loaded, setLoaded] = useState<Loaded>();
  const [name, setName] = useState('');
  const [price, setPrice] = useState<PriceForm>();
  const [currencies, setCurrencies] = useState<string[]>([]);
  const [nameError, setNameError] = useState<string>();
  const [status, setStatus] = useState<string>();
  // A jump the price check found: the merchant may take it here, as on the keypad.
  const [jump, setJump] = useState<PriceJumpError>();
  const [saving, setSaving] = useState(false);
  const toasts = useFormToasts();

  const read = useCallback(() => load(config, prices), [config, prices]);
  useRead(
    read,
    (result) => {
      setLoaded(result.loaded);
      setName(result.loaded.storedName);
      setPrice(result.loaded.price);
      setCurrencies(result.currencies);
    },
    (loadError) => {
      logger.error('Could not load the shop settings', loadError);
      setLoaded({ storedName: '' });
    },
  );

  if (!loaded) return null;

  /** The price source is asked once on save, so a wrong URL shows here rather than at the keypad. */
  const checkSource = async (form: PriceForm) => {
    if (!prices) return;
    try {
      const table = await prices.refresh(form.url.trim());
      setCurrencies(Object.keys(table.prices).sort());
      setStatus(
        priceCheckOk(form.currency, form.currency ? table.prices[form.currency] : undefined),
      );
    } catch (error) {
      logger.warn('Price source check failed', error);
      setStatus(t(PRICE_CHECK_FAILED, { reason: priceErrorText(t, formats, error) }));
      if (error instanceof PriceJumpError && !error.declined) setJump(error);
    }
  };

  const editName = (value: string) => {
    setName(value);
    setNameError(undefined);
  };

  const onSave = async () => {
    const problem = shopNameProblem(name);
    setNameError(problem && t(SHOP_NAME_LONG, { max: String(SHOP_NAME_MAX) }));
    if (problem || saving) return;
    const cleaned = cleanShopName(name);
    const nameChanged = cleaned !== loaded.storedName;
    setSaving(true);
    setStatus(undefined);
    setJump(undefined);
    try {
      if (nameChanged) {
        try {
          await config.setShopName(cleaned);
        } catch (saveError) {
          logger.error('Could not save the shop name', saveError);
          toasts.error(t(SHOP_SAVE_FAILED));
          return;
        }
        setLoaded({ ...loaded, storedName: cleaned });
      }
      setName(cleaned);
      if (prices && price) {
        try {
          await prices.saveSettings({ currency: price.currency || null, url: price.url });
        } catch (error) {
          toasts.error(priceErrorText(t, formats, error));
          return;
        }
      }
      toasts.success(t(nameChanged ? SHOP_SAVED_NEW_NAME : SHOP_SAVED));
      if (price) await checkSource(price);
    } finally {
      setSaving(false);
    }
  };

  const onUseNew = async (held: PriceJumpError) => {
    if (!prices) return;
    setSaving(true);
    try {
      const taken = await prices.acceptNewPrice(held.next.price);
      setJump(undefined);
      setStatus(taken ? priceCheckOk(held.currency, held.next.price) : undefined);
    } catch (error) {
      toasts.error(priceErrorText(t, formats, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form aria-labelledby="shop-name-title" className={CARD.card} onSubmit={() => onSave()}>
      <h2 id="shop-name-title" className={CARD.title}>
        {t(SHOP_TITLE)}
      </h2>
      <p className="text-sm text-slate-600">{t(SHOP_NOTE)}</p>
      <TextField
        label={t(SHOP_LABEL)}
        value={name}
        onChange={editName}
        placeholder="Corner Café"
        hint={t(SHOP_NAME_COUNT, {
          count: String(Array.from(cleanShopName(name)).length),
          max: String(SHOP_NAME_MAX),
        })}
        error={nameError}
      />
      {price ? (
        <PriceFields form={price} currencies={currencies} status={status} onChange={setPrice} />
      ) : null}
      <div className="flex justify-end gap-2">
        {jump ? (
          <Button
            type="button"
            variant="outline"
            disabled={saving}
            onClick={() => void onUseNew(jump)}
          >
            {t(PRICE_USE_NEW)}
          </Button>
        ) : null}
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {t(SHOP_SAVE)}
        </Button>
      </div>
    </Form>
  );
}
