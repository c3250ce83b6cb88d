// Home (/): the point-of-sale screen where the merchant takes a payment.
export function HomeScreen() {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-bold text-slate-900">Point of Sale</h1>
      <p className="text-slate-600">Enter an amount in sats to create a Lightning invoice.</p>
    </section>
  );
}
