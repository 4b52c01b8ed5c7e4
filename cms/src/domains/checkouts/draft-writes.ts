// A shopper's draft saved from the checkout, the unsubscribe link's action, and an order marking its draft converted.
import { CHECKOUT_MSG, type CheckoutDraftInput } from '@shop/shared';
import { affectedRows, newDocumentId, table, writeTransaction, type Trx } from '../../utils/db-write';
import { badRequest, conflict, notFound } from '../../utils/http';
import { shopBaseUrl } from '../../utils/public-url';
import { draftByToken, draftsTable, emailHash, optoutsTable } from './draft-store';

/** Refuses (400, nothing stored) a line whose product the shop does not have, like every other junk line. */
async function refuseUnknownProducts(trx: Trx, productIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(productIds)];
  const rows: { document_id: string }[] = await table(trx, 'products').whereIn('document_id', wanted).distinct('document_id');
  const known = new Set(rows.map((r) => r.document_id));
  if (wanted.some((id) => !known.has(id))) throw badRequest(CHECKOUT_MSG.unknownProduct);
}

/**
 * Saves (creates or replaces) the draft of `token`: lines, contact and delivery choice. A draft already turned into an
 * order is not reopened (409: the checkout starts a fresh token). A line of a product that does not exist is refused.
 */
export async function saveDraft(token: string, input: CheckoutDraftInput, origin: string | null): Promise<void> {
  const now = new Date();
  const fields = {
    lines: JSON.stringify(
      input.items.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        size: l.size ?? null,
        color: l.color ?? null,
        sku: l.sku ?? null,
      })),
    ),
    email: input.email ? input.email.toLowerCase() : null,
    phone: input.phone,
    whatsapp_opt_in: input.whatsappOptIn === true && input.phone !== null,
    full_name: input.fullName,
    delivery: JSON.stringify({
      deliveryType: input.deliveryType ?? null,
      zoneId: input.zoneId,
      meetingPointId: input.meetingPointId,
      postalCode: input.postalCode,
      barrio: input.barrio,
      city: input.city,
    }),
    shop_url: shopBaseUrl(origin).slice(0, 200),
    updated_at: now,
  };
  await writeTransaction(async (trx) => {
    await refuseUnknownProducts(
      trx,
      input.items.map((l) => l.productId),
    );
    const existing = await draftByToken(token, trx);
    if (existing?.convertedAt) throw conflict(CHECKOUT_MSG.converted);
    if (existing) {
      await draftsTable(trx).where('id', existing.id).whereNull('converted_at').update(fields);
      return;
    }
    await draftsTable(trx)
      .insert({ document_id: newDocumentId(), token, recovered: false, ...fields, created_at: now, published_at: now })
      .onConflict('token')
      .merge(fields);
  });
}

/** The e-mail's unsubscribe link: the draft is deleted at once and its address never written to again about drafts. */
export async function unsubscribe(token: string): Promise<void> {
  await writeTransaction(async (trx) => {
    const draft = await draftByToken(token, trx);
    if (!draft) throw notFound(CHECKOUT_MSG.notFound);
    if (draft.email) {
      const now = new Date();
      await optoutsTable(trx)
        .insert({ document_id: newDocumentId(), email_hash: emailHash(draft.email), created_at: now, updated_at: now, published_at: now })
        .onConflict('email_hash')
        .ignore();
    }
    await draftsTable(trx).where('id', draft.id).delete();
  });
}

/**
 * An order placed with this draft's token: the draft is "convertida" (and "recuperada" when the order came from a
 * recovery link). Its contact is cleared (the order keeps its own). Unknown or already converted tokens change nothing.
 */
export async function markConverted(token: string, order: { documentId: string; total: number; recovered: boolean }): Promise<boolean> {
  const now = new Date();
  const changed = await writeTransaction(async (trx) =>
    affectedRows(
      await draftsTable(trx)
        .where('token', token)
        .whereNull('converted_at')
        .update({
          converted_at: now,
          order_document_id: order.documentId.slice(0, 64),
          order_total: Math.max(0, Math.round(order.total)),
          recovered: order.recovered,
          email: null,
          phone: null,
          whatsapp_opt_in: false,
          full_name: null,
          updated_at: now,
        }),
    ),
  );
  return changed === 1;
}
