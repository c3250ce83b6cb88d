// The product's mark: a cashew nut drawn in SVG, so it looks the same on every device and needs no
// emoji font (the first emoji on a page makes the browser search its fonts for one).
export function CashewMark({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path
        d="M16.6 3.4c-3.7-1.5-8.2.2-10.4 3.9-2.5 4-1.6 9.2 2 11.9 2.6 1.9 6.4 2.2 8.9.4 1.4-1 1.7-3 .6-4.2-1-1.1-2.6-1.2-3.8-.6-1.3.6-2.8.3-3.5-.9-.8-1.3-.4-3.1.8-4 1.6-1.2 4-1.1 5.8-.3 1.4.6 3.2 0 3.8-1.4.6-1.6-.3-3.2-2.2-3.8z"
        fill="#fcd34d"
        stroke="#b45309"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
    </svg>
  );
}
