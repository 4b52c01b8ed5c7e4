import { describe, expect, it } from 'vitest';
import { CSV_EOL, arDateTime, arDay, arNumber, csvCell, csvFileName, csvRow, keysetPages } from './csv.js';

describe('csv cells', () => {
  it('writes plain text and numbers as they are, es-AR decimals with a comma', () => {
    expect(csvCell('Conjunto Lila')).toBe('Conjunto Lila');
    expect(csvCell(12500)).toBe('12500');
    expect(csvCell(1234.5)).toBe('1234,5');
    expect(arNumber(1234.5, 2)).toBe('1234,50');
    expect(arNumber(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes the separator, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('dijo "hola"')).toBe('"dijo ""hola"""');
    expect(csvCell('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1`)).toBe(`'${start}1`);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=HYPERLINK("http://x";"y")')).toBe('"\'=HYPERLINK(""http://x"";""y"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // Negative numbers are numbers, not text: they stay numbers.
    expect(csvCell(-5)).toBe('-5');
  });

  it('joins a row with ; and ends it with CRLF', () => {
    expect(csvRow(['a', 1, null, 'x;y'])).toBe(`a;1;;"x;y"${CSV_EOL}`);
    expect(CSV_EOL).toBe('\r\n');
  });
});

describe('Argentine dates', () => {
  it('writes dd/mm/aaaa hh:mm in Argentina (UTC-3)', () => {
    expect(arDateTime(new Date('2026-01-02T02:30:00Z'))).toBe('01/01/2026 23:30');
    expect(arDateTime('2026-11-22T15:05:00.000Z')).toBe('22/11/2026 12:05');
    expect(arDateTime(null)).toBe('');
    expect(arDateTime('no es fecha')).toBe('');
  });

  it('gives the Argentine day, moving at 03:00 UTC', () => {
    expect(arDay(new Date('2026-03-01T02:59:59Z'))).toBe('2026-02-28');
    expect(arDay(new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
    expect(csvFileName('ordenes', new Date('2026-11-23T01:00:00Z'))).toBe('ordenes-2026-11-22.csv');
  });
});

describe('keysetPages', () => {
  it('reads 100,000 rows in pages of the given size, asking each page after the last id seen', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => 100_000 - i); // newest first
    const calls: (number | null)[] = [];
    let largest = 0;
    let seen = 0;
    const fetchPage = async (before: number | null, size: number) => {
      calls.push(before);
      const start = before === null ? 0 : ids.indexOf(before) + 1;
      return ids.slice(start, start + size).map((id) => ({ id }));
    };
    for await (const page of keysetPages(fetchPage, 500)) {
      largest = Math.max(largest, page.length);
      seen += page.length;
    }
    expect(seen).toBe(100_000);
    expect(largest).toBe(500);
    // 200 full pages, then one empty page that says the end was reached.
    expect(calls).toHaveLength(201);
    expect(calls[0]).toBeNull();
    expect(calls[1]).toBe(100_000 - 499);
  });

  it('stops after a short page without asking again', async () => {
    let calls = 0;
    const pages: number[][] = [];
    for await (const page of keysetPages(async () => (calls++ === 0 ? [{ id: 3 }, { id: 2 }] : []), 5)) pages.push(page.map((r) => r.id));
    expect(pages).toEqual([[3, 2]]);
    expect(calls).toBe(1);
  });
});
