// A money unit <select>'s options: sats first, then each currency by its code (an item's price, the
// display currency).
export function UnitOptions({
  sats,
  satsLabel,
  codes,
}: {
  /** the value that stands for sats */
  sats: string;
  satsLabel: string;
  codes: readonly string[];
}) {
  return (
    <>
      <option value={sats}>{satsLabel}</option>
      {codes.map((code) => (
        <option key={code} value={code}>
          {code}
        </option>
      ))}
    </>
  );
}
