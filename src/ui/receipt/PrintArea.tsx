// What window.print() prints: a portal under <body> that only print media shows, with the paper's
// page size; while it is mounted the rest of the page is left out of the print (src/index.css).
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** 58 and 80 mm thermal rolls and A4 sheets (docs/decisions/0034-refunds-and-receipt-printing.md). */
export type Paper = '58mm' | '80mm' | 'A4';

export const PAPERS: readonly Paper[] = ['58mm', '80mm', 'A4'];

/** The @page rule and the printable width: a thermal head prints about 48 of 58 and 72 of 80 mm. */
const PAGE: Record<Paper, { page: string; width: string }> = {
  '58mm': { page: 'size: 58mm 297mm; margin: 0 5mm', width: '48mm' },
  '80mm': { page: 'size: 80mm 297mm; margin: 0 4mm', width: '72mm' },
  A4: { page: 'size: A4; margin: 15mm', width: '100%' },
};

export function PrintArea({ paper, children }: { paper: Paper; children: ReactNode }) {
  const { page, width } = PAGE[paper];
  return createPortal(
    <div data-print-root="" data-paper={paper} className="hidden print:block">
      <style>{`@page { ${page}; }`}</style>
      <div style={{ width, maxWidth: '100%' }} className="mx-auto text-black">
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** Opens the browser's print dialog; a browser without one (or a test) just does nothing. */
export function printPage(): void {
  if (typeof window.print === 'function') window.print();
}
