// Wallet (/wallet): balance, withdraw and the paginated history of events.
export function WalletScreen() {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-bold text-slate-900">Wallet</h1>
    </section>
  );
}
