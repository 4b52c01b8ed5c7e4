// The Z report of a cash session (80 mm PDF) and the sessions' CSV for the accountant.
import {
  arDateTime,
  CASH_MOVEMENT_LABELS,
  COUNTER_METHOD_LABELS,
  COUNTER_PAYMENT_METHODS,
  formatPrice,
  keysetPages,
  ORDER_CHANNEL_LABELS,
  type CashSession,
  type CsvValue,
} from '@shop/shared';
import { table } from '../../utils/db-write';
import { channelsOf } from './counter-channels';
import { MOVEMENTS_TABLE, readSession, SESSIONS_TABLE, toSession, type Row } from './counter-store';
import { TICKET_INNER, TICKET_MARGIN, ticketPdf } from '../platform';

/** 80 mm paper (about 72 mm printable): 226.77 points wide, as long as the report needs. */
const MAX_MOVEMENTS = 200;

/** The Z report (an X report while the session is open): sales by method, movements, expected/counted/difference. */
export function zReportPdf(session: CashSession): Promise<Buffer> {
  const hand = session.movements.filter((m) => m.type !== 'sale').slice(0, MAX_MOVEMENTS);
  const height = 420 + hand.length * 22 + session.byChannel.length * 12 + session.reopenings.length * 40;
  const closed = session.status === 'closed';
  const { doc, done, text, rule } = ticketPdf(height, `Reporte ${closed ? 'Z' : 'X'} — sesión ${session.id}`);
  const pair = (label: string, value: string) => {
    const y = doc.y;
    doc.text(label, TICKET_MARGIN, y, { width: TICKET_INNER * 0.6 });
    const after = doc.y;
    doc.text(value, TICKET_MARGIN + TICKET_INNER * 0.6, y, { width: TICKET_INNER * 0.4, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };

  doc.font('Helvetica-Bold').fontSize(10);
  text(closed ? 'REPORTE Z — CIERRE DE CAJA' : 'REPORTE X — CAJA ABIERTA', { align: 'center' });
  doc.font('Helvetica').fontSize(7);
  text(`${session.registerName} · Sesión N° ${session.id}`, { align: 'center' });
  text(`Apertura: ${arDateTime(session.openedAt)} por ${session.openedBy?.name ?? '—'}`);
  if (closed) text(`Cierre: ${arDateTime(session.closedAt)} por ${session.closedBy?.name ?? '—'}`);
  for (const r of session.reopenings) {
    const undone = r.undone.difference ? ` (diferencia deshecha ${formatPrice(r.undone.difference.total)})` : '';
    text(`Reabierta por ${r.by?.name ?? '—'} el ${arDateTime(r.at)}: ${r.reason}${undone}`);
  }
  text(`Órdenes: ${session.salesCount} · primera ${session.firstOrderNumber ?? '—'} · última ${session.lastOrderNumber ?? '—'}`);
  rule();
  doc.font('Helvetica-Bold');
  text('Ventas por medio de pago');
  doc.font('Helvetica');
  for (const method of COUNTER_PAYMENT_METHODS) pair(COUNTER_METHOD_LABELS[method], formatPrice(session.sales[method]));
  const salesTotal = COUNTER_PAYMENT_METHODS.reduce((sum, m) => sum + session.sales[m], 0);
  doc.font('Helvetica-Bold');
  pair('Total vendido', formatPrice(salesTotal));
  doc.font('Helvetica');
  rule();
  doc.font('Helvetica-Bold');
  text('Ventas por canal');
  doc.font('Helvetica');
  for (const c of session.byChannel) pair(`${ORDER_CHANNEL_LABELS[c.channel]} (${c.orders})`, formatPrice(c.amount));
  rule();
  doc.font('Helvetica-Bold');
  text('Movimientos de efectivo');
  doc.font('Helvetica');
  pair('Efectivo inicial', formatPrice(session.openingCash));
  pair('Devoluciones en efectivo', `-${formatPrice(session.refunds)}`);
  pair('Ingresos', formatPrice(session.incomes));
  pair('Gastos', `-${formatPrice(session.expenses)}`);
  pair('Retiros', `-${formatPrice(session.withdrawals)}`);
  for (const m of hand) {
    const sign = m.type === 'income' ? '' : '-';
    pair(
      `${arDateTime(m.at).slice(-5)} ${CASH_MOVEMENT_LABELS[m.type]}${m.reason ? `: ${m.reason.slice(0, 60)}` : ''}`,
      `${sign}${formatPrice(m.amount)}`,
    );
  }
  rule();
  doc.font('Helvetica-Bold');
  text(closed ? 'Esperado / contado / diferencia' : 'Esperado');
  doc.font('Helvetica');
  for (const method of COUNTER_PAYMENT_METHODS) {
    const expected = formatPrice(session.expected[method]);
    const counted = session.counted ? formatPrice(session.counted[method]) : '';
    const difference = session.difference ? formatPrice(session.difference[method]) : '';
    pair(COUNTER_METHOD_LABELS[method], closed ? `${expected} / ${counted} / ${difference}` : expected);
  }
  if (session.difference) {
    doc.font('Helvetica-Bold').fontSize(9);
    pair('Diferencia total', formatPrice(session.difference.total));
  }
  doc.end();
  return done;
}

/** GET /cash-sessions/{id}/report.pdf. */
export async function sessionReportPdf(sessionId: number): Promise<{ pdf: Buffer; filename: string }> {
  const session = await readSession(strapi.db.connection, sessionId);
  return { pdf: await zReportPdf(session), filename: `reporte-z-caja-${session.id}.pdf` };
}

function csvRowOf(s: CashSession): CsvValue[] {
  return [
    s.id,
    s.registerName,
    arDateTime(s.openedAt),
    s.openedBy?.name ?? '',
    s.closedAt ? arDateTime(s.closedAt) : '',
    s.closedBy?.name ?? '',
    s.openingCash,
    s.salesCount,
    s.sales.cash,
    s.sales.transfer,
    s.sales.card,
    s.sales.qr,
    s.refunds,
    s.incomes,
    s.expenses,
    s.withdrawals,
    s.expected.cash,
    s.counted?.cash ?? '',
    s.difference?.cash ?? '',
    s.difference?.total ?? '',
    s.firstOrderNumber ?? '',
    s.lastOrderNumber ?? '',
  ];
}

/** GET /cash-sessions.csv: every session, oldest first, read a batch at a time with its movements. */
export async function* sessionCsvBatches(size: number): AsyncGenerator<CsvValue[][]> {
  const knex = strapi.db.connection;
  const pages = keysetPages<Row & { id: number }>(async (lastKey, limit) => {
    const query = table(knex, SESSIONS_TABLE).orderBy('id', 'asc').limit(limit);
    if (lastKey !== null) query.where('id', '>', lastKey);
    return ((await query) as Row[]).map((row) => ({ ...row, id: Number(row.id) }));
  }, size);
  for await (const sessions of pages) {
    const movements = (await table(knex, MOVEMENTS_TABLE)
      .whereIn(
        'session_id',
        sessions.map((s) => s.id),
      )
      .orderBy('id', 'asc')) as Row[];
    const channels = await channelsOf(knex, movements);
    yield sessions.map((row) =>
      csvRowOf(
        toSession(
          row,
          movements.filter((m) => Number(m.session_id) === row.id),
          channels,
        ),
      ),
    );
  }
}
