// Items (/items, behind the merchant PIN like Settings): add, edit, reorder, enable/disable and
// delete catalog items (asked first, with Undo), import and export them as CSV, and turn tips on
// (docs/behaviour.md "Items, cart and tips", docs/security.md "The merchant PIN").
import { useCallback, useEffect, useState } from 'react';
import {
  catalogFromCsv,
  catalogToCsv,
  decimalToMinor,
  optionsFromText,
  optionsToText,
} from '../../core/items/catalog-csv';
import type { StockRow } from '../../core/items/stock';
import {
  countsOf,
  lowStockNames,
  NO_STOCK_TEXTS,
  stockTextsOf,
  type StockTexts,
} from '../../core/items/stock-counts';
import { ItemStockFields } from './ItemStockFields';
import {
  itemProblemWords,
  sortItems,
  type CatalogItem,
  type ItemPrice,
} from '../../core/items/item';
import { currencyDecimals, KNOWN_CURRENCIES } from '../../core/prices/currencies';
import { minorToText } from '../../core/prices/convert';
import { Button } from '../../ui/Button';
import { Form } from '../../ui/forms/Form';
import { PinGated, usePinGate } from '../../ui/pin/pin-gate';
import { toast } from '../../ui/toast/toast';
import { UnitOptions } from '../../ui/forms/UnitOptions';
import type { ItemsServices } from './deps';
import { DeletedLine, DeleteItemConfirm } from './ItemDelete';
import { itemErrorText } from './item-errors';
import { useFormats, useTexts } from '../../ui/i18n';
import {
  ADD_ITEM,
  ITEM_BAD_PRICE,
  ITEM_CANCEL_EDIT,
  ITEM_CATEGORY_LABEL,
  ITEM_DELETE,
  ITEM_DELETE_LABEL,
  ITEM_DOWN_LABEL,
  ITEM_EDIT,
  ITEM_EDIT_LABEL,
  ITEM_ENABLED_LABEL,
  ITEM_NAME_LABEL,
  ITEM_ON_SALE_LABEL,
  ITEM_PRICE_LABEL,
  ITEM_PRICE_SATS,
  ITEM_RESTORED,
  ITEM_SATS_OPTION,
  ITEM_SKU_LABEL,
  ITEM_STOCK_INVALID,
  ITEM_STOCK_NOTE,
  ITEM_TAX_LABEL,
  ITEM_TAX_NOTE,
  ITEM_UNIT_LABEL,
  ITEM_UP_LABEL,
  ITEMS_EXPORT_CSV,
  ITEMS_IMPORT_CSV,
  ITEMS_IMPORT_FAILED,
  ITEMS_IMPORT_ROW,
  ITEMS_IMPORTED,
  ITEMS_INTRO,
  ITEMS_LOW_STOCK,
  ITEMS_TIPS_LABEL,
  ITEMS_TITLE,
  NO_ITEMS,
  SAVE_ITEM,
} from './locales/items/en.json';

interface Draft {
  id?: string;
  name: string;
  price: string;
  unit: string;
  category: string;
  tax: string;
  sku: string;
  enabled: boolean;
  /** the options text (catalog-csv.ts optionsToText) */
  options: string;
  stock: StockTexts;
  /** the stock fields as the draft opened: a save sets the counts only when they changed */
  stockWas: StockTexts;
}
const EMPTY: Draft = {
  name: '',
  price: '',
  unit: 'sat',
  category: '',
  tax: '',
  sku: '',
  enabled: true,
  options: '',
  stock: NO_STOCK_TEXTS,
  stockWas: NO_STOCK_TEXTS,
};

function draftOf(item: CatalogItem, rows: readonly StockRow[]): Draft {
  const stock = stockTextsOf(item.id, rows, item.options);
  return {
    options: optionsToText(item.options, item.price),
    stock,
    stockWas: stock,
    id: item.id,
    name: item.name,
    price:
      item.price.unit === 'sat'
        ? String(item.price.sats)
        : minorToText(item.price.minor, currencyDecimals(item.price.currency)),
    unit: item.price.unit === 'sat' ? 'sat' : item.price.currency,
    category: item.category ?? '',
    tax: item.taxRatePercent ? String(item.taxRatePercent) : '',
    sku: item.sku ?? '',
    enabled: item.enabled,
  };
}

function priceOf(draft: Draft): ItemPrice | undefined {
  if (draft.unit === 'sat') {
    const sats = decimalToMinor(draft.price, 0);
    return sats ? { unit: 'sat', sats } : undefined;
  }
  const minor = decimalToMinor(draft.price, currencyDecimals(draft.unit));
  return minor ? { unit: 'fiat', currency: draft.unit, minor } : undefined;
}

/** A log line, English like every log. */
const SAVE_FAILED_LOG = 'Could not save the items';

const inputClass = 'h-11 rounded-lg border border-slate-300 px-3 text-slate-900';

/**
 * With a merchant PIN the whole editor is behind it (prices and tax are what a customer is charged),
 * and every change asks again at the moment it is made once the gate has closed. The last deleted
 * item is kept out here, so its Undo outlives the gate closing over the screen.
 */
export function ItemsScreen({ services }: { services: ItemsServices }) {
  const [deleted, setDeleted] = useState<CatalogItem | null>(null);
  return (
    <PinGated gate={services.lock}>
      <ItemsPanel services={services} deleted={deleted} onDeleted={setDeleted} />
    </PinGated>
  );
}

function ItemsPanel({
  services,
  deleted,
  onDeleted,
}: {
  services: ItemsServices;
  deleted: CatalogItem | null;
  onDeleted: (item: CatalogItem | null) => void;
}) {
  const { items: store, tips, stock: stockStore, tillUnit } = services.storage;
  const { logger } = services;
  const { guard, prompt: pinPrompt } = usePinGate(services.lock);
  const t = useTexts();
  const formats = useFormats();
  const [asking, setAsking] = useState<CatalogItem | null>(null);
  const [items, setItems] = useState<CatalogItem[] | null>(null);
  const [tipsOn, setTipsOn] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // A new item starts in the currency the till charges in (docs/decisions/0089-sat-prices-in-a-fiat-till.md).
  const [empty, setEmpty] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const [stockRows, setStockRows] = useState<StockRow[]>([]);

  useEffect(() => {
    Promise.all([
      store.list(),
      tips.get(),
      stockStore?.rows() ?? [],
      tillUnit?.getTillUnit() ?? 'sat',
    ]).then(
      ([list, tipping, rows, unit]) => {
        if (unit !== 'sat') {
          const fresh = { ...EMPTY, unit: unit.toUpperCase() };
          setEmpty(fresh);
          setDraft((was) => (was === EMPTY ? fresh : was));
        }
        setItems(list);
        setTipsOn(tipping.enabled);
        setStockRows(rows);
      },
      (error: unknown) => logger.error('Could not load the items', error),
    );
  }, [store, tips, stockStore, tillUnit, logger]);

  const write = useCallback(
    async (changed: CatalogItem[]) => {
      try {
        await store.putMany(changed);
        setItems(await store.list());
        void services.catalog?.sync();
        return true;
      } catch (error) {
        logger.error(SAVE_FAILED_LOG, error);
        toast.error(itemErrorText(t, formats, error));
        return false;
      }
    },
    [store, logger, services.catalog, t, formats],
  );

  if (items === null) return null;
  const sorted = sortItems(items);
  const left = new Map(stockRows.map((row) => [row.key, row.left]));
  const lowNames = lowStockNames(sorted, stockRows);

  const save = async () => {
    const price = priceOf(draft);
    if (!price) return setProblem(t(ITEM_BAD_PRICE));
    const tax = draft.tax.trim() ? Number(draft.tax.replace(',', '.')) : undefined;
    const existing = items.find((i) => i.id === draft.id);
    const options = optionsFromText(draft.options, price, existing?.options);
    if (typeof options === 'string') return setProblem(itemErrorText(t, formats, options));
    const id = existing?.id ?? crypto.randomUUID();
    const counts = countsOf(id, draft.stock, options);
    if (!counts) return setProblem(t(ITEM_STOCK_INVALID));
    const recount = JSON.stringify(draft.stock) !== JSON.stringify(draft.stockWas);
    const item: CatalogItem = {
      id,
      name: draft.name,
      price,
      ...(draft.category.trim() ? { category: draft.category } : {}),
      ...(tax !== undefined ? { taxRatePercent: tax } : {}),
      ...(draft.sku.trim() ? { sku: draft.sku } : {}),
      enabled: draft.enabled,
      position: existing?.position ?? sorted.reduce((m, i) => Math.max(m, i.position + 1), 0),
      ...(options ? { options } : {}),
    };
    const why = itemProblemWords(item);
    if (why) return setProblem(itemErrorText(t, formats, why));
    setProblem(null);
    // The counts are set only when the merchant changed them: a sale meanwhile stays counted.
    const saveStock = async () => {
      if (!recount || !stockStore) return;
      await stockStore.setCounts(id, counts);
      setStockRows(await stockStore.rows());
      // A count of 0 (or back from 0) changes what the cashiers' catalog says is sold out.
      void services.catalog?.sync();
    };
    guard(
      () =>
        void write([item])
          .then(async (ok) => {
            if (!ok) return;
            await saveStock();
            setDraft(empty);
          })
          .catch((error: unknown) => logger.error(SAVE_FAILED_LOG, error)),
    );
  };

  const move = (index: number, by: -1 | 1) => {
    const other = sorted[index + by];
    const item = sorted[index];
    if (!other || !item) return;
    // Positions are renumbered in order so two equal ones never stick together.
    const renumbered = sorted.map((i, n) => ({ ...i, position: n }));
    const a = renumbered[index]!;
    const b = renumbered[index + by]!;
    [a.position, b.position] = [b.position, a.position];
    guard(() => void write(renumbered));
  };

  const remove = async (item: CatalogItem) => {
    try {
      await store.remove(item.id);
      setItems(await store.list());
      onDeleted(item);
      void services.catalog?.sync();
    } catch (error) {
      logger.error(SAVE_FAILED_LOG, error);
      toast.error(itemErrorText(t, formats, error));
    }
  };

  // The item as it was: a parked basket's lines name it by id, and so does the day summary.
  const undo = (item: CatalogItem) =>
    guard(() => {
      if (items.some((i) => i.id === item.id)) return onDeleted(null);
      void write([item]).then((ok) => {
        if (!ok) return;
        onDeleted(null);
        toast.success(t(ITEM_RESTORED, { name: item.name }));
      });
    });

  const exportCsv = () => {
    const blob = new Blob([catalogToCsv(sorted)], { type: 'text/csv' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'cashew-items.csv';
    a.click();
    URL.revokeObjectURL(url);
  };

  const importCsv = async (file: File) => {
    const result = catalogFromCsv(await file.text(), items, () => crypto.randomUUID());
    if (!result.ok) {
      setImportErrors(
        result.errors.map((e) =>
          t(ITEMS_IMPORT_ROW, { line: e.line, message: itemErrorText(t, formats, e) }),
        ),
      );
      return;
    }
    setImportErrors([]);
    guard(
      () =>
        void write(result.items).then(
          (ok) =>
            ok &&
            toast.success(
              t(ITEMS_IMPORTED, {
                count: result.items.length,
                n: formats.number(result.items.length),
              }),
            ),
        ),
    );
  };

  const field = (
    label: string,
    key: 'name' | 'price' | 'category' | 'tax' | 'sku',
    mode?: 'decimal',
  ) => (
    <label className="flex flex-col gap-1 text-sm text-slate-700">
      {label}
      <input
        className={inputClass}
        value={draft[key]}
        {...(mode ? { inputMode: mode } : {})}
        onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      />
    </label>
  );

  return (
    <section className="mx-auto flex w-full max-w-lg flex-col gap-4" aria-labelledby="items-title">
      <header>
        <h1 id="items-title" className="text-2xl font-bold text-slate-900">
          {t(ITEMS_TITLE)}
        </h1>
        <p className="text-sm text-slate-600">{t(ITEMS_INTRO)}</p>
      </header>

      <label className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={tipsOn}
          onChange={(e) => {
            const enabled = e.target.checked;
            guard(() => {
              setTipsOn(enabled);
              tips.set({ enabled }).then(
                () => void services.catalog?.sync(),
                (error: unknown) => logger.error('Could not save tips', error),
              );
            });
          }}
        />
        {t(ITEMS_TIPS_LABEL)}
      </label>

      <Form
        className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200"
        data-testid="item-form"
        onSubmit={save}
      >
        {field(t(ITEM_NAME_LABEL), 'name')}
        <div className="flex gap-2">
          <div className="flex-1">{field(t(ITEM_PRICE_LABEL), 'price', 'decimal')}</div>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            {t(ITEM_UNIT_LABEL)}
            <select
              className={inputClass}
              value={draft.unit}
              onChange={(e) => setDraft({ ...draft, unit: e.target.value })}
            >
              <UnitOptions sats="sat" satsLabel={t(ITEM_SATS_OPTION)} codes={KNOWN_CURRENCIES} />
            </select>
          </label>
        </div>
        {field(t(ITEM_CATEGORY_LABEL), 'category')}
        {field(t(ITEM_TAX_LABEL), 'tax', 'decimal')}
        {field(t(ITEM_SKU_LABEL), 'sku')}
        <ItemStockFields
          options={draft.options}
          stock={draft.stock}
          onOptions={(options) => setDraft({ ...draft, options })}
          onStock={(stock) => setDraft({ ...draft, stock })}
          inputClass={inputClass}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={draft.enabled}
            onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
          />
          {t(ITEM_ENABLED_LABEL)}
        </label>
        {problem ? (
          <p role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button type="submit">{draft.id ? t(SAVE_ITEM) : t(ADD_ITEM)}</Button>
          {draft.id ? (
            <Button variant="outline" onClick={() => setDraft(empty)}>
              {t(ITEM_CANCEL_EDIT)}
            </Button>
          ) : null}
        </div>
      </Form>

      {lowNames.length > 0 ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t(ITEMS_LOW_STOCK, { names: lowNames.join(', ') })}
        </p>
      ) : null}
      {deleted ? <DeletedLine item={deleted} onUndo={() => undo(deleted)} /> : null}
      {sorted.length === 0 ? <p className="text-sm text-slate-600">{t(NO_ITEMS)}</p> : null}
      <ul className="flex flex-col gap-2" data-testid="item-list">
        {sorted.map((item, index) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center gap-2 rounded-lg bg-white p-2 ring-1 ring-slate-200"
          >
            <input
              type="checkbox"
              className="h-5 w-5"
              aria-label={t(ITEM_ON_SALE_LABEL, { name: item.name })}
              checked={item.enabled}
              onChange={(e) => {
                const enabled = e.target.checked;
                guard(() => void write([{ ...item, enabled }]));
              }}
            />
            <span className="min-w-0 flex-1 text-sm text-slate-900">
              {item.name}
              <span className="block text-xs text-slate-600">
                {item.price.unit === 'sat'
                  ? t(ITEM_PRICE_SATS, {
                      count: item.price.sats,
                      sats: formats.sats(item.price.sats),
                    })
                  : formats.fiat(
                      item.price.minor,
                      item.price.currency,
                      currencyDecimals(item.price.currency),
                    )}
                {item.taxRatePercent
                  ? ` · ${t(ITEM_TAX_NOTE, { rate: formats.number(item.taxRatePercent) })}`
                  : ''}
                {item.category ? ` · ${item.category}` : ''}
                {left.has(item.id)
                  ? ` · ${t(ITEM_STOCK_NOTE, { n: formats.number(left.get(item.id)!) })}`
                  : ''}
              </span>
            </span>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t(ITEM_UP_LABEL, { name: item.name })}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t(ITEM_DOWN_LABEL, { name: item.name })}
              disabled={index === sorted.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={t(ITEM_EDIT_LABEL, { name: item.name })}
              onClick={() => setDraft(draftOf(item, stockRows))}
            >
              {t(ITEM_EDIT)}
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={t(ITEM_DELETE_LABEL, { name: item.name })}
              onClick={() => setAsking(item)}
            >
              {t(ITEM_DELETE)}
            </Button>
          </li>
        ))}
      </ul>

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={exportCsv} disabled={sorted.length === 0}>
          {t(ITEMS_EXPORT_CSV)}
        </Button>
        <label className="inline-flex h-11 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 focus-within:outline-2 focus-within:outline-violet-600">
          {t(ITEMS_IMPORT_CSV)}
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importCsv(file);
            }}
          />
        </label>
      </div>
      {importErrors.length > 0 ? (
        <div
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800"
          data-testid="import-errors"
        >
          <p>{t(ITEMS_IMPORT_FAILED)}</p>
          <ul className="list-disc pl-5">
            {importErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <DeleteItemConfirm
        item={asking}
        onKeep={() => setAsking(null)}
        onDelete={(item) => {
          setAsking(null);
          guard(() => void remove(item));
        }}
      />
      {pinPrompt}
    </section>
  );
}
