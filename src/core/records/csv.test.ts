// The CSV export: RFC 4180 quoting, spreadsheet formulas neutralised, one row per event with its
// fiat side, fee and origin, in the merchant's time zone.
import { describe, expect, it } from 'vitest';
import type { HistoryEventType } from '../history-kinds';
import type { HistoryEvent } from '../history-ports';
import { priceCart, saleLinesOf, type CartLine } from '../items/cart';
import type { SaleDetail } from '../sale/sale-detail';
import { CSV_HEADER, csvCell, csvLine, csvRow, rateColumns } from './csv';
import { dollarSale } from '../../testing/sale/dollar-cart';
import { exportHistoryCsv } from './export';
import type { HistoryCursor, HistoryRangeReader } from './types';

describe('csvCell', () => {
  it.each([
    // quoted as RFC 4180 asks
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['', ''],
    // a spreadsheet formula neutralised
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
  ])('writes %j as the cell %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers as they are and nothing for missing values', () => {
    expect(csvCell(1234)).toBe('1234');
    expect(csvCell(undefined)).toBe('');
    expect(csvLine(['a', 1, undefined])).toBe('a,1,\r\n');
  });
});

const at = new Date(2026, 10, 22, 9, 5, 7).getTime(); // local time
const offset = (() => {
  const minutes = -new Date(at).getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
})();

/** A `type` event of `amount` sats at 09:05:07 local time; `fields` add the rest. */
function eventAt(
  type: HistoryEventType,
  amount: number,
  fields: Partial<HistoryEvent> = {},
): HistoryEvent {
  return { id: 1, createdAt: at, type, amount, mintUrl: 'http://m', ...fields };
}

describe('csvRow', () => {
  it('writes a fiat sale with date and time in the local zone', () => {
    const event = eventAt('direct-payment', 12_340, {
      mintUrl: 'http://mint.example',
      quoteId: 'q1',
      metadata: '{"request":"lnbc1"}',
      fiat: { currency: 'USD', price: 100_000, value: 12.3 },
    });
    expect(csvRow(event)).toBe(
      `2026-11-22,09:05:07,${offset},direct-payment,12340,12.30,USD,100000,,q1,local,http://mint.example,,,,this device,,,,,sat,,,,,\r\n`,
    );
  });

  it('writes a cart sale with its tip and lines', () => {
    const event = eventAt('direct-payment', 1221, {
      id: 3,
      quoteId: 'q3',
      sale: {
        lines: [
          { name: 'Coffee, large', quantity: 2, unitSats: 500 },
          { name: 'Custom amount', quantity: 1, unitSats: 100 },
        ],
        subtotalSats: 1100,
        taxSats: 10,
        tipSats: 111,
        method: 'lightning',
      },
    });
    expect(csvRow(event)).toBe(
      `2026-11-22,09:05:07,${offset},direct-payment,1221,,,,,q3,local,http://m,,111,"2 × Coffee, large; 1 × Custom amount",this device,,,0,10,sat,,,,,\r\n`,
    );
  });

  it('writes a cash-out with its fees and a remote sale without fiat', () => {
    const cashOut = eventAt('cash-out', 500, {
      id: 2,
      quoteId: 'melt1',
      metadata: '{"feePaid":2,"inputFee":1}',
    });
    expect(csvRow(cashOut)).toBe(
      `2026-11-22,09:05:07,${offset},cash-out,500,,,,3,melt1,,http://m,,,,this device,,,,,sat,,,,,\r\n`,
    );
    const remote = eventAt('remote-payment', 21, { id: 3, mintUrl: '=evil()' });
    expect(csvRow(remote)).toBe(
      `2026-11-22,09:05:07,${offset},remote-payment,21,,,,,,remote,'=evil(),,,,this device,,,,,sat,,,,,\r\n`,
    );
  });

  it('writes a dollar sale in its unit, its cents in no sat column', () => {
    const event = eventAt('ecash-payment', 350, {
      id: 5,
      quoteId: 'token:x',
      unit: 'usd',
      metadata: '{"inputFee":1}',
    });
    expect(csvRow(event)).toBe(
      `2026-11-22,09:05:07,${offset},ecash-payment,,,,,,token:x,local,http://m,,,,this device,,,,,USD,3.50,0.01,,,\r\n`,
    );
    // A sat column summed over the export counts sats only.
    const sat = eventAt('direct-payment', 21, { id: 6 });
    const satColumn = CSV_HEADER.indexOf('Sats');
    const cells = [csvRow(event), csvRow(sat)].map((row) => row.trimEnd().split(',')[satColumn]);
    expect(cells).toEqual(['', '21']);
  });

  it('writes a dollar cart sale’s tip, discount and tax in the unit, and a dollar cash-out’s fee', () => {
    const detail = { ...breadAndWine(), tipSats: 50 };
    const sale = eventAt('direct-payment', 3155, { id: 7, unit: 'usd', sale: detail });
    const cells = csvRow(sale, [7, 19]).trimEnd().split(',');
    const at = (name: (typeof CSV_HEADER)[number]) => cells[CSV_HEADER.indexOf(name)];
    expect([at('Unit'), at('Amount in unit'), at('Tip in unit')]).toEqual(['USD', '31.55', '0.50']);
    expect([at('Discount in unit'), at('Tax in unit'), at('Fee in unit')]).toEqual([
      '3.00',
      '4.05',
      '',
    ]);
    // No cent in a sat column, nor in a rate's (sats) columns.
    for (const name of ['Sats', 'Tip (sats)', 'Discount (sats)', 'Tax (sats)'] as const) {
      expect(at(name)).toBe('');
    }
    expect(cells.slice(CSV_HEADER.length)).toEqual(['', '', '', '', '', '']);

    const cashOut = eventAt('cash-out', 200, {
      unit: 'usd',
      metadata: JSON.stringify({ feePaid: 1, inputFee: 0 }),
    });
    const out = csvRow(cashOut).trimEnd().split(',');
    expect(out[CSV_HEADER.indexOf('Fee in unit')]).toBe('0.01');
    expect(out[CSV_HEADER.indexOf('Fee (sats)')]).toBe('');
  });

  it("names another device's event by the start of that device's key", () => {
    const event = eventAt('direct-payment', 21, { id: 4, device: 'ab'.repeat(32) });
    expect(csvRow(event).trimEnd().split(',')[15]).toBe('abababab');
  });

  it('names who charged a sale and who made a refund in the Staff column, for the tip-out', () => {
    const ana = { id: 'a', name: 'Ana', role: 'manager' as const };
    const sale = eventAt('cash-payment', 500, { mintUrl: '', staff: ana });
    expect(csvRow(sale).trimEnd().split(',')[16]).toBe('Ana');
    const refund = eventAt('refund', 200, {
      metadata: JSON.stringify({ refundOf: 1, method: 'lightning', staff: ana }),
    });
    expect(csvRow(refund).trimEnd().split(',')[16]).toBe('Ana');
    // A name a spreadsheet would run is neutralised like any other cell.
    const evil = eventAt('direct-payment', 21, { staff: { ...ana, name: '=cmd()' } });
    expect(csvRow(evil).trimEnd().split(',')[16]).toBe("'=cmd()");
  });
});

/** Bread at 7 % and wine at 19 %, 10 % off the cart for a regular, a 50-sat tip, paid by Lightning. */
function breadAndWine(): SaleDetail {
  const lines: CartLine[] = [
    {
      id: 'l1',
      itemId: 'bread',
      name: 'Bread',
      price: { unit: 'sat', sats: 1000 },
      quantity: 1,
      taxRatePercent: 7,
    },
    {
      id: 'l2',
      itemId: 'wine',
      name: 'Wine',
      price: { unit: 'sat', sats: 2000 },
      quantity: 1,
      taxRatePercent: 19,
    },
  ];
  const cartDiscount = { kind: 'percent' as const, percent: 10, reason: 'regular' };
  const priced = priceCart(lines, undefined, { kind: 'sats', sats: 50 }, { cartDiscount });
  if (!priced.ok) throw new Error('the cart must price');
  return { ...saleLinesOf(priced.totals), method: 'lightning' };
}

describe('the books columns', () => {
  const sale = eventAt('direct-payment', 3155, {
    id: 5,
    quoteId: 'q5',
    receiptNumber: 'K7Q2XM-000042',
    fiat: { currency: 'EUR', price: 90_000, value: 2.84 },
    sale: breadAndWine(),
  });

  it('writes a sale at 7 % and 19 % with a discount: its number, discount, tax and each rate', () => {
    // 10 % of 3,000 is 300, shared 100 and 200; tax 7 % of 900 is 63, 19 % of 1,800 is 342.
    expect(csvRow(sale, [7, 19])).toBe(
      `2026-11-22,09:05:07,${offset},direct-payment,3155,2.84,EUR,90000,,q5,local,http://m,,50,1 × Bread; 1 × Wine,this device,,` +
        'K7Q2XM-000042,300,405,sat,,,,,,900,63,963,1800,342,2142\r\n',
    );
    // The grosses and the tip add up to what the customer paid.
    expect(963 + 2142 + 50).toBe(sale.amount);
  });

  it('leaves the columns of a rate the sale does not have empty', () => {
    expect(csvRow(sale, [0, 7, 19]).trimEnd().split(',').slice(-9)).toEqual([
      '',
      '',
      '',
      '900',
      '63',
      '963',
      '1800',
      '342',
      '2142',
    ]);
  });

  it('writes a refund naming its sale by receipt number, with no sale figures of its own', () => {
    const refund = eventAt('refund', 963, {
      id: 6,
      quoteId: 'melt6',
      metadata: JSON.stringify({
        feePaid: 2,
        inputFee: 0,
        refundOf: 5,
        method: 'lightning',
        reference: 'Q5',
        receiptNumber: 'K7Q2XM-000042',
      }),
    });
    expect(csvRow(refund, [7, 19])).toBe(
      `2026-11-22,09:05:07,${offset},refund,963,,,,2,melt6,,http://m,K7Q2XM-000042,,,this device,,,,,sat,,,,,,,,,,,\r\n`,
    );
    // A refund made before receipt numbers names its sale by reference, as it always did.
    const older = { ...refund, metadata: JSON.stringify({ refundOf: 5, reference: 'Q5' }) };
    expect(csvRow(older).split(',')[12]).toBe('Q5');
  });

  it('heads the export with a column per rate found in the range, ascending', async () => {
    const keypad = eventAt('direct-payment', 21, { id: 7, createdAt: at + 1 });
    const [header, first, second] = await exportedLines([keypad, sale]);
    expect(header).toBe(
      [
        ...CSV_HEADER,
        'Net 7 % (sats)',
        'Tax 7 % (sats)',
        'Gross 7 % (sats)',
        'Net 19 % (sats)',
        'Tax 19 % (sats)',
        'Gross 19 % (sats)',
      ].join(','),
    );
    expect(first).toBe(csvRow(sale, [7, 19]).trimEnd());
    // A keypad sale knows no tax: its rate cells stay empty.
    expect(second!.split(',').slice(-6)).toEqual(['', '', '', '', '', '']);
  });
});

/** A reader over an array, honouring the cursor like the Dexie one. */
function arrayReader(all: HistoryEvent[]): HistoryRangeReader & { calls: number } {
  const sorted = [...all].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const reader = {
    calls: 0,
    async range(from: number, to: number, cursor: HistoryCursor | undefined, limit: number) {
      reader.calls += 1;
      const inRange = sorted.filter((e) => e.createdAt >= from && e.createdAt < to);
      let start = 0;
      if (cursor) {
        start = inRange.findIndex((e) => e.createdAt >= cursor.createdAt);
        if (start < 0) return [];
        start += cursor.skip;
      }
      return inRange.slice(start, start + limit);
    },
  };
  return reader;
}

/** The lines of a minute's export of `events` (header first). */
async function exportedLines(events: HistoryEvent[]): Promise<string[]> {
  const chunks: string[] = [];
  await exportHistoryCsv({
    reader: arrayReader(events),
    from: at,
    to: at + 60_000,
    write: (chunk) => void chunks.push(chunk),
    between: async () => {},
  });
  return chunks.join('').split('\r\n');
}

describe('exportHistoryCsv', () => {
  it('writes the header, then every event of the range once, in pages, yielding between them', async () => {
    // 25 events, several sharing a timestamp across page boundaries.
    const events: HistoryEvent[] = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      createdAt: at + Math.floor(i / 4) * 1000,
      type: 'direct-payment',
      amount: i + 1,
      mintUrl: 'http://m',
      quoteId: `q${i + 1}`,
    }));
    const outside = { ...events[0]!, id: 99, createdAt: at + 3_600_000, quoteId: 'late' };
    const reader = arrayReader([...events, outside]);
    const chunks: string[] = [];
    let yields = 0;
    const count = await exportHistoryCsv({
      reader,
      from: at,
      to: at + 60_000,
      pageSize: 3,
      write: (chunk) => void chunks.push(chunk),
      between: async () => void (yields += 1),
    });
    expect(count).toBe(25);
    const lines = chunks.join('').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines.slice(1).map((line) => line.split(',')[9])).toEqual(events.map((e) => e.quoteId));
    expect(yields).toBeGreaterThanOrEqual(8);
  });
});

describe('the rate columns of a sale in a fiat unit', () => {
  it('fills its own unit’s rate columns in dollars, never a sat one nor another unit’s', () => {
    const { sale, cents } = dollarSale();
    const event = eventAt('direct-payment', cents, { id: 8, unit: 'usd', sale });
    const unitRates = [
      { unit: 'eur' as const, rate: 7 },
      { unit: 'usd' as const, rate: 7 },
      { unit: 'usd' as const, rate: 19 },
    ];
    expect(rateColumns([7], unitRates)).toEqual([
      'Net 7 % (sats)',
      'Tax 7 % (sats)',
      'Gross 7 % (sats)',
      'Net 7 % (EUR)',
      'Tax 7 % (EUR)',
      'Gross 7 % (EUR)',
      'Net 7 % (USD)',
      'Tax 7 % (USD)',
      'Gross 7 % (USD)',
      'Net 19 % (USD)',
      'Tax 19 % (USD)',
      'Gross 19 % (USD)',
    ]);
    const cells = csvRow(event, [7], unitRates).trimEnd().split(',').slice(CSV_HEADER.length);
    // 7 %: 1.99 + 0.14 (13.93 cents rounded); 19 %: 3.24 + 0.62 (61.56 cents rounded).
    expect(cells).toEqual(['', '', '', '', '', '', '1.99', '0.14', '2.13', '3.24', '0.62', '3.86']);
    // A sat sale leaves the dollar columns empty.
    const sats = eventAt('direct-payment', 2163, { id: 9, sale: breadAndWine() });
    expect(csvRow(sats, [7], unitRates).trimEnd().split(',').slice(CSV_HEADER.length)).toEqual([
      '900',
      '63',
      '963',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it('heads an export of sats and dollars with sat rate columns, then each unit’s', async () => {
    const { sale, cents } = dollarSale();
    const dollars = eventAt('direct-payment', cents, { id: 8, unit: 'usd', sale });
    const sats = eventAt('direct-payment', 2163, {
      id: 9,
      createdAt: at + 1,
      sale: breadAndWine(),
    });
    const [header, first, second] = await exportedLines([dollars, sats]);
    expect(header!.split(',').slice(CSV_HEADER.length)).toEqual(
      rateColumns(
        [7, 19],
        [
          { unit: 'usd', rate: 7 },
          { unit: 'usd', rate: 19 },
        ],
      ),
    );
    expect(first!.split(',').slice(CSV_HEADER.length)).toEqual([
      ...['', '', '', '', '', ''],
      ...['1.99', '0.14', '2.13', '3.24', '0.62', '3.86'],
    ]);
    expect(second!.split(',').slice(CSV_HEADER.length, CSV_HEADER.length + 6)).toEqual([
      '900',
      '63',
      '963',
      '1800',
      '342',
      '2142',
    ]);
    expect(second!.split(',').slice(CSV_HEADER.length + 6)).toEqual(['', '', '', '', '', '']);
  });
});
