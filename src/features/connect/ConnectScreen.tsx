// Connect (/connect): the 'Connect Remote POS' screen with the merchant's connection QR code.
export function ConnectScreen() {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-bold text-slate-900">Connect Remote POS</h1>
      <p className="text-slate-600">
        Scan this QR code with another device to create a remote point of sale.
      </p>
    </section>
  );
}
