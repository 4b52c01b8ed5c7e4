import {
  ACCOUNT_LIMITS,
  deliveredAndKept,
  accountAddressesInputSchema,
  accountFavoritesInputSchema,
  accountMeasurementsInputSchema,
  accountPreferencesSchema,
  finalPrice,
  type AccountAlert,
  type AccountAnswer,
  type AccountFavorite,
  type AccountSize,
} from '@shop/shared';
import { findProductRows, toProduct } from '../catalogue';
import { isRecord, isoDate, jsonColumn, table } from '../../utils/db-write';
import { notFound, parseWith } from '../../utils/http';
import { herOrderIds, readOrders } from './account-orders';
import { sessionCount } from './account-sessions';
import { saveAccountColumn, type Account } from './account-store';

/**
 * "Tus talles": the sizes of what she kept (delivered, not cancelled or refunded, the line not sent back) and of
 * what she received in an exchange (her size after trying), newest first, one per product and size.
 */
export async function keptSizes(email: string): Promise<AccountSize[]> {
  const ids = await herOrderIds(email, 50);
  const orders = (await readOrders(ids)).filter(deliveredAndKept);
  const returns: unknown[] = ids.length
    ? await table(strapi.db.connection, 'return_requests')
        .whereIn('order_document_id', ids)
        .whereNot('return_status', 'rejected')
        .select('order_document_id', 'lines')
    : [];
  const exchanges: unknown[] = ids.length
    ? await table(strapi.db.connection, 'return_requests').whereIn('exchange_order_document_id', ids).select('exchange_order_document_id')
    : [];
  const exchangeOrders = new Set(exchanges.filter(isRecord).map((r) => String(r.exchange_order_document_id)));
  const sentBack = new Set<string>();
  for (const row of returns.filter(isRecord)) {
    const lines = jsonColumn(row.lines);
    for (const line of Array.isArray(lines) ? lines : []) {
      if (isRecord(line)) sentBack.add(`${String(row.order_document_id)}#${Number(line.lineIndex)}`);
    }
  }
  const products = new Map(
    (await findProductRows([...new Set(orders.flatMap((o) => o.items.map((i) => i.productId ?? '')))])).map((r) => [
      String(r.documentId),
      toProduct(r),
    ]),
  );
  const seen = new Set<string>();
  const sizes: AccountSize[] = [];
  for (const order of orders) {
    order.items.forEach((item, index) => {
      const size = item.size ?? '';
      const key = `${item.title}#${size}`;
      if (!size || seen.has(key) || sentBack.has(`${order._id}#${index}`)) return;
      seen.add(key);
      sizes.push({
        productTitle: item.title,
        category: (item.productId && products.get(item.productId)?.category) || null,
        size,
        source: exchangeOrders.has(order._id) ? 'exchange' : 'purchase',
        at: order.createdAt,
      });
    });
  }
  return sizes.slice(0, 20);
}

export async function profile(account: Account): Promise<AccountAnswer> {
  const [sizes, sessions] = await Promise.all([keptSizes(account.email), sessionCount(account.id)]);
  return { account: { email: account.email, createdAt: account.createdAt, preferences: account.preferences, sizes, sessions } };
}

export async function savePreferences(account: Account, body: unknown): Promise<AccountAnswer> {
  const preferences = parseWith(accountPreferencesSchema, body);
  await saveAccountColumn(account.id, 'preferences', preferences);
  return profile({ ...account, preferences });
}

export async function saveAddresses(account: Account, body: unknown) {
  const { addresses } = parseWith(accountAddressesInputSchema, body);
  // One id per address: a repeated id keeps the first.
  const unique = addresses.filter((a, i) => addresses.findIndex((b) => b.id === a.id) === i);
  await saveAccountColumn(account.id, 'addresses', unique);
  return { addresses: unique };
}

export async function saveMeasurements(account: Account, body: unknown) {
  const { measurements } = parseWith(accountMeasurementsInputSchema, body);
  await saveAccountColumn(account.id, 'measurements', measurements);
  return { measurements };
}

/** Her favourites as products still in the catalogue (a deleted or hidden product drops out of the list). */
export async function favorites(ids: readonly string[]): Promise<{ favorites: AccountFavorite[] }> {
  const products = new Map((await findProductRows(ids)).map((r) => [String(r.documentId), toProduct(r)]));
  return {
    favorites: ids.flatMap((id) => {
      const p = products.get(id);
      return p && p.status
        ? [{ productId: id, slug: id, title: p.title, price: finalPrice(p.price, p.discount), image: p.thumbnails[0] ?? null }]
        : [];
    }),
  };
}

export async function saveFavorites(account: Account, body: unknown) {
  const { productIds } = parseWith(accountFavoritesInputSchema, body);
  const wanted = [...new Set(productIds)];
  const known = new Set((await findProductRows(wanted)).map((r) => String(r.documentId)));
  const kept = wanted.filter((id) => known.has(id)).slice(0, ACCOUNT_LIMITS.favorites);
  await saveAccountColumn(account.id, 'favorites', kept);
  return favorites(kept);
}

/** Her 'Avisame' requests still waiting (by her address). */
export async function alerts(email: string): Promise<{ alerts: AccountAlert[] }> {
  const rows: unknown[] = await table(strapi.db.connection, 'stock_alerts')
    .whereRaw('lower(email) = ?', [email])
    .where({ alert_status: 'waiting' })
    .orderBy('id', 'desc')
    .limit(100)
    .select('id', 'product_document_id', 'product_title', 'size', 'color', 'created_at');
  return {
    alerts: rows.filter(isRecord).map((r) => ({
      id: Number(r.id),
      productId: String(r.product_document_id ?? ''),
      productTitle: String(r.product_title ?? ''),
      slug: typeof r.product_document_id === 'string' ? r.product_document_id : null,
      size: String(r.size ?? ''),
      color: String(r.color ?? ''),
      createdAt: isoDate(r.created_at) ?? '',
    })),
  };
}

/** "Quitar" on one of her alerts: unsubscribed, as its e-mail link does; another shopper's id is a 404. */
export async function removeAlert(email: string, id: number) {
  const changed = await table(strapi.db.connection, 'stock_alerts')
    .where({ id, alert_status: 'waiting' })
    .whereRaw('lower(email) = ?', [email])
    .update({ alert_status: 'unsubscribed', updated_at: new Date() });
  if (!changed) throw notFound('No tenés ese aviso');
  return alerts(email);
}
