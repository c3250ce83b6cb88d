// Remote POS (/remote/:npub): a cashier device creating invoices for the merchant's key.
import { useParams } from 'react-router';

export function RemoteScreen() {
  const { npub = '' } = useParams();
  return (
    <main className="mx-auto max-w-3xl space-y-2 px-4 py-6">
      <h1 className="text-2xl font-bold break-all text-slate-900">Creating invoices for {npub}</h1>
    </main>
  );
}
