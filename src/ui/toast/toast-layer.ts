// Where the toasts are: over the page, or inside the modal dialog on top, as a dialog opened with
// showModal() covers everything outside it and makes it inert (decision 0054).
const LAYER = 'data-toast-layer';

/** The element the toast container renders into; ui/toast/toaster.tsx attaches it, placeToastLayer moves it. */
export function createToastLayer(doc: Document): HTMLElement {
  const layer = doc.createElement('div');
  layer.setAttribute(LAYER, '');
  return layer;
}

/** Element.moveBefore (Chromium 133+): moves a node without resetting its animations or focus. */
type MoveTarget = Element & { moveBefore?: (node: Node, child: Node | null) => void };

/**
 * Moves the toast layer, if attached, into the open dialog on top (`leaving` excepted: the one
 * closing), else to the end of the body. Modals are portalled to the end of the body as they open
 * (ui/Modal.tsx), so the last open dialog in the document is the one on top.
 */
export function placeToastLayer(doc: Document, leaving?: Element): void {
  const layer = doc.querySelector(`[${LAYER}]`);
  if (!layer) return;
  const open = Array.from(doc.querySelectorAll('dialog[open]')).filter((d) => d !== leaving);
  const home: MoveTarget = open.at(-1) ?? doc.body;
  if (layer.parentElement === home) return;
  // A plain append restarts the toasts' CSS animations, and with them the close timer (one runs
  // on the progress bar's animation): a toast then stays up to 5 s longer.
  if (home.moveBefore) home.moveBefore(layer, null);
  else home.append(layer);
}
