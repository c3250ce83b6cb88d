// Settings (/settings): mint URL and Nostr relays.
export function SettingsScreen() {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
    </section>
  );
}
