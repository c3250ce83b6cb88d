// Small "Copied" confirmation shown beside a copy button after a successful copy.
export function CopiedBadge({ visible }: { visible: boolean }) {
  return (
    <span
      role="status"
      className="inline-flex h-5 items-center text-sm font-medium text-emerald-700"
    >
      {visible ? (
        <>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="mr-1 h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="m4 10.5 4 4 8-9" />
          </svg>
          Copied
        </>
      ) : null}
    </span>
  );
}
