import type { CsvValue } from '@shop/shared';
import { badRequest } from '../../utils/http';
import { authorizedInMonth } from './invoice-store';
import { isoDay } from './invoice-view';
import { voucherName, voucherNumberText } from './voucher-plan';

/** "Libro IVA ventas" of one month for the accountant: every authorised voucher, credit notes negative. */
export const SALES_BOOK_HEADER = ['Fecha', 'Tipo', 'Punto de venta y número', 'Documento', 'Neto', 'IVA', 'Total', 'CAE'] as const;

export function salesBookMonth(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) throw badRequest('Mes inválido: usá el formato AAAA-MM');
  return value.replace('-', '');
}

export async function salesBookRows(month: string): Promise<CsvValue[][]> {
  const rows = await authorizedInMonth(month);
  return rows.map((row) => {
    const sign = row.kind === 'credit_note' ? -1 : 1;
    const document =
      row.docType === 80 ? `CUIT ${row.docNumber ?? ''}` : row.docType === 96 ? `DNI ${row.docNumber ?? ''}` : 'Consumidor final';
    return [
      isoDay(row.issueDate) ?? '',
      voucherName(row.kind, row.letter ?? ''),
      voucherNumberText(row.pointOfSale ?? 0, row.number ?? 0),
      document,
      sign * Number(row.net ?? 0),
      sign * Number(row.vat ?? 0),
      sign * Number(row.total ?? 0),
      row.cae ?? '',
    ];
  });
}
