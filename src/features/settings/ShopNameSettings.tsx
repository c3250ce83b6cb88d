// Settings: the shop's name, which the connect link carries to cashiers (optional, 40 characters).
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { ConfigStore } from '../../core/ports';
import { cleanShopName, SHOP_NAME_MAX, shopNameProblem } from '../../core/settings/shop-name';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useFormToasts } from '../../ui/use-form-toasts';
import {
  SHOP_LABEL,
  SHOP_NOTE,
  SHOP_SAVE,
  SHOP_SAVE_FAILED,
  SHOP_SAVED,
  SHOP_TITLE,
} from './texts';

export interface ShopNameSettingsProps {
  config: Pick<ConfigStore, 'getShopName' | 'setShopName'>;
  logger: Logger;
}

export function ShopNameSettings({ config, logger }: ShopNameSettingsProps) {
  const [name, setName] = useState<string>();
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const toasts = useFormToasts();

  useEffect(() => {
    let live = true;
    config
      .getShopName()
      .then((stored) => {
        if (live) setName(stored);
      })
      .catch((loadError: unknown) => {
        logger.error('Could not load the shop name', loadError);
        if (live) setName('');
      });
    return () => {
      live = false;
    };
  }, [config, logger]);

  if (name === undefined) return null;

  const onSave = async () => {
    const problem = shopNameProblem(name);
    setError(problem);
    if (problem || saving) return;
    const cleaned = cleanShopName(name);
    setSaving(true);
    try {
      await config.setShopName(cleaned);
      setName(cleaned);
      toasts.success(SHOP_SAVED);
    } catch (saveError) {
      logger.error('Could not save the shop name', saveError);
      toasts.error(SHOP_SAVE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      aria-labelledby="shop-name-title"
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <h2 id="shop-name-title" className="text-lg font-semibold text-slate-900">
        {SHOP_TITLE}
      </h2>
      <p className="text-sm text-slate-600">{SHOP_NOTE}</p>
      <TextField
        label={SHOP_LABEL}
        value={name}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        placeholder="Corner Café"
        hint={`${Array.from(cleanShopName(name)).length} of ${SHOP_NAME_MAX} characters`}
        error={error}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {SHOP_SAVE}
        </Button>
      </div>
    </form>
  );
}
