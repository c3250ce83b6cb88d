// Why a basket could not be parked or recalled, told by kind, so the screen names it in the
// shop's language (docs/behaviour.md "Items, cart and tips"); the message stays English for logs.
import { ValidationError } from '../errors';

export type BasketRefusalKind = 'empty' | 'full' | 'gone';

export class BasketRefusal extends ValidationError {
  constructor(
    readonly kind: BasketRefusalKind,
    message: string,
  ) {
    super(message);
  }
}
