// The cash-out flow's protocol code (Lightning addresses, invoices, "Cash out everything"),
// loaded when a step runs rather than with the wallet screen: it needs the curves, the bolt11
// decoder and cashu-ts, which the screen's first render does not
// (docs/performance.md "Wallet at scale").
export { payCashOutAll, prepareCashOutAll } from '../../core/wallet/cash-out/cash-out-all';
export { prepareUnitAmount } from '../../core/wallet/cash-out/unit-amount';
export {
  checkPayAmount,
  fetchPayParams,
  parseDestination,
  requestInvoice,
} from '../../core/wallet/cash-out/lnurl';
