// Deleting an item: asked first, then a line with Undo that puts the very item back (its id,
// position, price, tax and the rest), so the cashiers' catalog and the day summary see the same item
// again (docs/behaviour.md "Items, cart and tips").
import type { CatalogItem } from '../../core/items/item';
import { Button } from '../../ui/Button';
import { ConfirmDialog, ConfirmQuestion } from '../../ui/ConfirmDialog';
import { DELETE_CONFIRM, DELETE_KEEP, DELETE_TITLE, UNDO_DELETE } from './texts.json';
import { deletedText, deleteQuestion } from './texts';

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
  return (
    <ConfirmDialog
      subject={item}
      onClose={onKeep}
      title={DELETE_TITLE}
      testId="delete-item-confirm"
    >
      {(asked) => (
        <ConfirmQuestion
          question={deleteQuestion(asked.name)}
          confirm={DELETE_CONFIRM}
          keep={DELETE_KEEP}
          onConfirm={() => onDelete(asked)}
          onKeep={onKeep}
        />
      )}
    </ConfirmDialog>
  );
}

/** "{name} deleted." with Undo, until the item is back or another one is deleted. */
export function DeletedLine({ item, onUndo }: { item: CatalogItem; onUndo: () => void }) {
  return (
    <div
      role="status"
      data-testid="item-deleted"
      className="flex items-center justify-between gap-2 rounded-lg bg-slate-100 p-2 pl-3 text-sm text-slate-900"
    >
      <span>{deletedText(item.name)}</span>
      <Button size="sm" variant="outline" onClick={onUndo}>
        {UNDO_DELETE}
      </Button>
    </div>
  );
}
