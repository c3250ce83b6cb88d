// The counter's side of the customer display (docs/behaviour.md "Customer display"): keeps what
// the customer should see, posts it whole on every change and to any display that says hello, so
// a display opened late, or reloaded, shows the sale in progress at once.
import type { DisplayChannel } from './channel';
import {
  readDisplayMessage,
  stateMessage,
  type DisplayCart,
  type DisplayLine,
  type DisplayPayment,
  type DisplayState,
} from './messages';

/** What the counter screen is showing: the cart (empty on the keypad) and the invoice if open. */
export interface CounterView extends DisplayCart {
  pay: DisplayPayment | null;
}

const EMPTY: CounterView = { lines: [], total: null, pay: null };

export class CounterDisplay {
  private shop = '';
  private view: CounterView = EMPTY;
  private lastPay: DisplayPayment | null = null;
  /** the last invoice's unit (absent: sats), so "paid" says its amount in it */
  private lastUnit: CounterView['unit'];
  /** the paid invoice's amount and the cart as it was then: shown until the cart changes */
  private paid: { amount: number; unit: CounterView['unit']; lines: string } | null = null;
  private posted = '';
  private readonly off: () => void;

  constructor(private readonly channel: DisplayChannel) {
    this.off = channel.listen((data) => {
      // Only a hello is answered; anything else on the channel (another counter's state, junk)
      // changes nothing here.
      if (readDisplayMessage(data)?.type === 'hello') this.post(true);
    });
    this.post();
  }

  /** The shop's name as Settings has it ('' for none). */
  setShop(name: string): void {
    this.shop = name;
    this.post();
  }

  /** The counter's cart and invoice changed. */
  show(view: CounterView): void {
    this.view = view;
    if (view.pay) {
      this.lastPay = view.pay;
      this.lastUnit = view.unit;
    }
    // A new invoice, or a cart filled again since the payment, is the next customer's; the paid
    // cart emptying itself is not.
    const refilled = view.lines.length > 0 && linesKey(view.lines) !== this.paid?.lines;
    if (this.paid && (view.pay || refilled)) this.paid = null;
    this.post();
  }

  /** The invoice last shown was paid: "Paid, thank you" until the next sale starts. */
  paidNow(): void {
    if (!this.lastPay) return;
    this.paid = {
      amount: this.lastPay.amount,
      unit: this.lastUnit,
      lines: linesKey(this.view.lines),
    };
    this.lastPay = null;
    this.view = { ...this.view, pay: null };
    this.post();
  }

  state(): DisplayState {
    const { shop, view } = this;
    if (this.paid) {
      const { amount, unit } = this.paid;
      return { phase: 'paid', shop, amount, ...(unit !== undefined ? { unit } : {}) };
    }
    const { lines, total, discount, tax, unit } = view;
    const cart = {
      lines,
      total,
      ...(discount !== undefined ? { discount } : {}),
      ...(tax !== undefined ? { tax } : {}),
      ...(unit !== undefined ? { unit } : {}),
    };
    return view.pay
      ? { phase: 'pay', shop, ...cart, pay: view.pay }
      : { phase: 'cart', shop, ...cart };
  }

  /**
   * The counter's page goes away (closed, reloaded, or into the back-forward cache): the display
   * stops showing a sale nobody is watching. Whatever comes next is posted again.
   */
  pageHidden(): void {
    this.channel.post(stateMessage({ phase: 'idle', shop: this.shop }));
    this.posted = '';
  }

  /** The page is back from the back-forward cache: the display hears the sale again. */
  pageShown(): void {
    this.post(true);
  }

  /** The counter screen is left: the display says nothing is being sold, then stops hearing it. */
  close(): void {
    this.off();
    this.channel.post(stateMessage({ phase: 'idle', shop: this.shop }));
    this.channel.close();
  }

  private post(force = false): void {
    const message = stateMessage(this.state());
    const key = JSON.stringify(message);
    // A render that changed nothing the customer sees sends nothing.
    if (!force && key === this.posted) return;
    this.posted = key;
    this.channel.post(message);
  }
}

const linesKey = (lines: readonly DisplayLine[]) => JSON.stringify(lines);
