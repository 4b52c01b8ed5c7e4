import { jsonColumn, table, type Trx } from '../../utils/db-write';
import { conflict } from '../../utils/http';
import type { StockLine } from './order-stock';

/** The return requests' table (src/api/return-request, the returns domain), read here by its columns only. */
const RETURNS_TABLE = 'return_requests';
const OPEN_STATUSES = ['requested', 'approved'];

export const openReturnsRefusal = (numbers: readonly string[]): string =>
  `La orden tiene ${numbers.length === 1 ? 'un pedido de cambio o devolución abierto' : 'pedidos de cambio o devolución abiertos'} ` +
  `(${numbers.join(', ')}): rechazalo o recibilo en Cambios y devoluciones antes de cancelar o reintegrar la orden`;

/**
 * The units of an order still with the shopper, for a change of status that gives them back to stock (cancelled,
 * refunded) or takes them again: its lines less what its received or closed return requests already took back (to
 * stock, or set aside as unsellable), so a unit never comes back twice. While a request is open (its units not
 * received yet, its exchange units held) the change is refused: the request decides them. `indexes[i]` is the
 * position in the order's items of `lines[i]` (a request's lines name that position).
 */
export async function linesStillOut(
  trx: Trx,
  documentId: string,
  lines: readonly StockLine[],
  indexes: readonly number[],
): Promise<StockLine[]> {
  const requests: Array<{ return_number: unknown; return_status: unknown; lines: unknown }> = await table(trx, RETURNS_TABLE)
    .where('order_document_id', documentId)
    .select('return_number', 'return_status', 'lines');
  if (requests.length === 0) return [...lines];
  const open = requests.filter((r) => OPEN_STATUSES.includes(String(r.return_status)));
  if (open.length > 0) throw conflict(openReturnsRefusal(open.map((r) => String(r.return_number))));
  const back = new Map<number, number>();
  for (const request of requests) {
    if (String(request.return_status) === 'rejected') continue;
    const asked = jsonColumn(request.lines);
    if (!Array.isArray(asked)) continue;
    for (const line of asked as Array<{ lineIndex?: unknown; quantity?: unknown }>) {
      const at = Number(line?.lineIndex);
      const units = Number(line?.quantity);
      if (Number.isInteger(at) && Number.isInteger(units) && units > 0) back.set(at, (back.get(at) ?? 0) + units);
    }
  }
  return lines.flatMap((line, i) => {
    const left = line.quantity - (back.get(indexes[i] ?? -1) ?? 0);
    return left > 0 ? [{ ...line, quantity: left }] : [];
  });
}
