// Test setup: what a browser does for a modal <dialog> and happy-dom does not (HTML "close
// requests"): once an Escape keydown has been dispatched and nobody cancelled it, the modal dialog
// on top gets a cancelable `cancel` event, and closes unless that is cancelled. Only dialogs
// opened with showModal() take part, as in browsers. Nothing else of the dialog is emulated.
export {};

let modals: HTMLDialogElement[] = [];

function closeRequest(): void {
  modals = modals.filter((dialog) => dialog.isConnected && dialog.open);
  const top = modals.at(-1);
  if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
}

if (typeof HTMLDialogElement !== 'undefined') {
  const showModal = HTMLDialogElement.prototype.showModal;
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    showModal.call(this);
    if (!modals.includes(this)) modals.push(this);
  };
  // happy-dom's own EventTarget (the global one may be Node's), which every node and window extends.
  const eventTarget = Object.getPrototypeOf(Node.prototype) as EventTarget;
  const dispatchEvent = eventTarget.dispatchEvent;
  eventTarget.dispatchEvent = function (this: EventTarget, event: Event) {
    // The outermost call: happy-dom dispatches to each target on the path by nested calls.
    const outermost = event.eventPhase === Event.NONE;
    const notCancelled = dispatchEvent.call(this, event);
    const escape = event.type === 'keydown' && (event as KeyboardEvent).key === 'Escape';
    if (outermost && escape && notCancelled) closeRequest();
    return notCancelled;
  };
}
