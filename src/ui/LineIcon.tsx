// A decorative line icon: an SVG of stroked paths in the text colour (copy confirmation, backspace).
import type { ReactNode } from 'react';

export function LineIcon({
  viewBox,
  className,
  strokeWidth,
  children,
}: {
  viewBox: string;
  className: string;
  strokeWidth: number;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox={viewBox}
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
