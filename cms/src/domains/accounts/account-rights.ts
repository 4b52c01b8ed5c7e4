import {
  ACCOUNT_MSG,
  ORDER_CHANNEL_LABELS,
  channelOf,
  formatPrice,
  orderCustomerKey,
  type AccountDeletedAnswer,
  type AccountExport,
} from '@shop/shared';
import { customerDetail } from '../customers';
import { isRecord, isoDate, jsonColumn, table } from '../../utils/db-write';
import { herOrderIds, readOrders } from './account-orders';
import { ACCOUNTS_TABLE, CODES_TABLE, emailHash, SESSIONS_TABLE, type Account } from './account-store';
import { clearCookie } from './account-sessions';
import type { Context } from 'koa';

type Row = Record<string, unknown>;

/** Rows as plain JSON: dates as ISO text, JSON columns parsed, Strapi's bookkeeping columns left out. */
function plain(row: unknown): Row {
  if (!isRecord(row)) return {};
  const skip = new Set(['id', 'document_id', 'published_at', 'created_by_id', 'updated_by_id', 'locale', 'email_hash']);
  return Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !skip.has(k))
      .map(([k, v]) => [k, v instanceof Date ? isoDate(v) : jsonColumn(v)]),
  );
}

const byEmail =
  (name: string, column = 'email') =>
  (email: string) =>
    table(strapi.db.connection, name).whereRaw(`lower(${column}) = ?`, [email]).orderBy('id', 'desc').limit(1000).select('*');

/** GET /account/export: everything the shop keeps about her (Ley 25.326, art. 14), with a summary in words. */
export async function exportAccount(account: Account): Promise<AccountExport> {
  const knex = strapi.db.connection;
  const ids = await herOrderIds(account.email, 1000);
  const [orders, alerts, reviews, checkouts, returns, withdrawals, sessions, customer] = await Promise.all([
    readOrders(ids),
    byEmail('stock_alerts')(account.email),
    byEmail('reviews')(account.email),
    byEmail('checkout_drafts')(account.email),
    ids.length ? table(knex, 'return_requests').whereIn('order_document_id', ids).select('*') : [],
    ids.length ? table(knex, 'withdrawals').whereIn('order_document_id', ids).select('*') : [],
    table(knex, SESSIONS_TABLE).where({ account_id: account.id }).select('created_at', 'last_seen_at', 'expires_at'),
    customerDetail(orderCustomerKey({ email: account.email }) ?? ''),
  ]);
  const summary = [
    `Tu cuenta: ${account.email}, abierta el ${new Date(account.createdAt).toLocaleDateString('es-AR')}.`,
    `${orders.length} compra(s): ${orders.map((o) => `${o.orderNumber} (${ORDER_CHANNEL_LABELS[channelOf(o.channel)]}, ${formatPrice(o.total)})`).join(', ') || 'ninguna'}.`,
    `${account.addresses.length} dirección(es) guardada(s), ${Object.keys(account.measurements).length} medida(s), ${account.favorites.length} favorito(s).`,
    `${alerts.length} aviso(s) de 'Avisame', ${reviews.length} opinión(es), ${returns.length} cambio(s) o devolución(es), ${withdrawals.length} arrepentimiento(s).`,
    `${checkouts.length} compra(s) sin terminar guardada(s) para recordártelas.`,
    `${sessions.length} sesión(es) abierta(s) en tus dispositivos.`,
  ];
  return {
    exportedAt: new Date().toISOString(),
    summary,
    account: {
      email: account.email,
      createdAt: account.createdAt,
      preferences: account.preferences,
      addresses: account.addresses,
      measurements: account.measurements,
      favorites: account.favorites,
      sessions: sessions.map(plain),
    },
    orders: orders.map((o) => ({ ...o }) as Row),
    alerts: alerts.map(plain),
    reviews: reviews.map(plain),
    returns: returns.map(plain),
    withdrawals: withdrawals.map(plain),
    checkouts: checkouts.map(plain),
    customer: customer ? { ...customer.customer } : null,
  };
}

/**
 * DELETE /account: her account and what only it holds (addresses, measurements, favourites, preferences, sessions,
 * codes), her 'Avisame' requests and unfinished checkouts are deleted; her reviews stay published without her
 * address and name. Her orders stay with their contact: the invoices and the books must keep them (see `kept`).
 */
export async function deleteAccount(ctx: Context, account: Account): Promise<AccountDeletedAnswer> {
  await strapi.db.transaction(async ({ trx }: { trx: import('knex').Knex.Transaction }) => {
    await table(trx, SESSIONS_TABLE).where({ account_id: account.id }).delete();
    await table(trx, CODES_TABLE)
      .where({ email_hash: emailHash(account.email) })
      .delete();
    await table(trx, 'stock_alerts').whereRaw('lower(email) = ?', [account.email]).delete();
    await table(trx, 'checkout_drafts').whereRaw('lower(email) = ?', [account.email]).delete();
    await table(trx, 'reviews').whereRaw('lower(email) = ?', [account.email]).update({ email: '', author: 'Compradora' });
    await table(trx, ACCOUNTS_TABLE).where({ id: account.id }).delete();
  });
  clearCookie(ctx);
  const orders = (await herOrderIds(account.email, 1000)).length;
  return {
    message: ACCOUNT_MSG.deleted,
    deleted: [
      'Tu cuenta, tus sesiones y tus códigos',
      'Tus direcciones, medidas, favoritos y preferencias de e-mail',
      "Tus avisos de 'Avisame' y tus compras sin terminar",
      'Tu e-mail y tu nombre en tus opiniones (el texto sigue publicado como "Compradora")',
    ],
    kept: orders
      ? [
          `Tus ${orders} compra(s) con sus datos de contacto y sus facturas: la ley obliga a conservar los comprobantes y los libros de comercio (Código Civil y Comercial, art. 328: 10 años; ARCA) y los necesitamos para cambios, garantías y arrepentimientos.`,
        ]
      : [],
  };
}
