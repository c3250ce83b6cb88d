// The display's side (docs/behaviour.md "Customer display"): says hello so a counter already
// selling answers with its state, then follows every valid state it hears; anything else is
// ignored, so a bad message never changes or breaks the screen.
import type { DisplayChannel } from './channel';
import { helloMessage, readDisplayMessage, type DisplayState } from './messages';

/** Follows the counter on `channel`, calling `onState` with each valid state; returns the stop. */
export function followCounter(
  channel: DisplayChannel,
  onState: (state: DisplayState) => void,
): () => void {
  const off = channel.listen((data) => {
    const message = readDisplayMessage(data);
    if (message?.type === 'state') onState(message.state);
  });
  channel.post(helloMessage());
  return () => {
    off();
    channel.close();
  };
}
