// Texts of the items editor (docs/behaviour.md "Items, cart and tips").
export const ITEMS_TITLE = 'Items';
export const editLabel = (name: string) => `Edit ${name}`;
export const deleteLabel = (name: string) => `Delete ${name}`;
export const upLabel = (name: string) => `Move ${name} up`;
export const downLabel = (name: string) => `Move ${name} down`;
export const enabledLabel = (name: string) => `${name} on sale`;
export const importedText = (n: number) => `${n} items imported.`;
export const rowError = (line: number, message: string) => `Row ${line}: ${message}`;
/** The delete confirm's question: what goes and what stays. */
export const deleteQuestion = (name: string) =>
  `${name} leaves the Items side and the cashiers' catalog. Parked baskets keep their lines.`;
/** After a delete, beside Undo. */
export const deletedText = (name: string) => `${name} deleted.`;
export const restoredText = (name: string) => `${name} is back.`;
