// Deleting an item: asked first, then a line with Undo that puts the very item back (its id,
// position, price, tax and the rest), so the cashiers' catalog and the day summary see the same item
// again (docs/behaviour.md "Items, cart and tips").
import type { CatalogItem } from '../../core/items/item';
import { Button } from '../../ui/Button';
import { ConfirmDialog, ConfirmQuestion } from '../../ui/ConfirmDialog';
import { useTexts } from '../../ui/i18n';
import {
  ITEM_DELETE_CONFIRM,
  ITEM_DELETE_KEEP,
  ITEM_DELETE_QUESTION,
  ITEM_DELETE_TITLE,
  ITEM_DELETED,
  ITEM_UNDO_DELETE,
} from './locales/items/en.json';

export function DeleteItemConfirm({
  item,
  onDelete,
  onKeep,
}: {
  /** the item asked about; null: closed */
  item: CatalogItem | null;
  onDelete: (item: CatalogItem) => void;
  onKeep: () => void;
}) {
  const t = useTexts();
  return (
    <ConfirmDialog
      subject={item}
      onClose={onKeep}
      title={t(ITEM_DELETE_TITLE)}
      testId="delete-item-confirm"
    >
      {(asked) => (
        <ConfirmQuestion
          question={t(ITEM_DELETE_QUESTION, { name: asked.name })}
          confirm={t(ITEM_DELETE_CONFIRM)}
          keep={t(ITEM_DELETE_KEEP)}
          onConfirm={() => onDelete(asked)}
          onKeep={onKeep}
        />
      )}
    </ConfirmDialog>
  );
}

/** "{name} deleted." with Undo, until the item is back or another one is deleted. */
export function DeletedLine({ item, onUndo }: { item: CatalogItem; onUndo: () => void }) {
  const t = useTexts();
  return (
    <div
      role="status"
      data-testid="item-deleted"
      className="flex items-center justify-between gap-2 rounded-lg bg-slate-100 p-2 pl-3 text-sm text-slate-900"
    >
      <span>{t(ITEM_DELETED, { name: item.name })}</span>
      <Button size="sm" variant="outline" onClick={onUndo}>
        {t(ITEM_UNDO_DELETE)}
      </Button>
    </div>
  );
}
