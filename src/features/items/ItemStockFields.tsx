// The item form's options and stock fields: the options text (variants and modifiers), the
// item's count and low mark, and the options' counts (docs/behaviour.md "Variants and modifiers",
// "Stock").
import type { StockTexts } from '../../core/items/stock-counts';
import { useTexts } from '../../ui/i18n';
import {
  ITEM_LOW_AT_LABEL,
  ITEM_OPTIONS_HINT,
  ITEM_OPTIONS_LABEL,
  ITEM_OPTIONS_STOCK_HINT,
  ITEM_OPTIONS_STOCK_LABEL,
  ITEM_STOCK_LABEL,
} from './locales/items/en.json';

export interface ItemStockFieldsProps {
  options: string;
  stock: StockTexts;
  onOptions: (text: string) => void;
  onStock: (stock: StockTexts) => void;
  inputClass: string;
}

export function ItemStockFields({
  options,
  stock,
  onOptions,
  onStock,
  inputClass,
}: ItemStockFieldsProps) {
  const t = useTexts();
  const field = (label: string, key: keyof StockTexts, placeholder?: string) => (
    <label className="flex flex-1 flex-col gap-1 text-sm text-slate-700">
      {label}
      <input
        className={inputClass}
        value={stock[key]}
        {...(key === 'options' ? {} : { inputMode: 'numeric' as const })}
        {...(placeholder ? { placeholder } : {})}
        onChange={(e) => onStock({ ...stock, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <>
      <label className="flex flex-col gap-1 text-sm text-slate-700">
        {t(ITEM_OPTIONS_LABEL)}
        <textarea
          className="min-h-16 rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
          value={options}
          placeholder={t(ITEM_OPTIONS_HINT)}
          onChange={(e) => onOptions(e.target.value)}
        />
      </label>
      <div className="flex gap-2">
        {field(t(ITEM_STOCK_LABEL), 'count')}
        {field(t(ITEM_LOW_AT_LABEL), 'lowAt')}
      </div>
      {options.trim()
        ? field(t(ITEM_OPTIONS_STOCK_LABEL), 'options', t(ITEM_OPTIONS_STOCK_HINT))
        : null}
    </>
  );
}
