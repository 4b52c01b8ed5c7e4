import { SYSTEM_ACTOR_NAME, isFulfillmentStep, type OrderEvent } from '@shop/shared';
import { asShopWrite } from '../../utils/shop-write';
import { isoDate, isRecord } from '../../utils/db-write';

export const ORDER_EVENT_UID = 'api::order.order-event';

/** Who changed an order's status. */
export interface Actor {
  kind: 'staff' | 'system';
  id: number | null;
  name: string;
  /** The staff member's e-mail (the stock ledger names who moved units by id and e-mail). */
  email?: string | null;
}

/** The shop itself (the sweep that cancels unpaid orders). */
export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, name: SYSTEM_ACTOR_NAME };

/** The signed-in staff account that changes an order. */
export interface StaffMember {
  id: number;
  username: string;
  email: string;
  /** The name the team screen shows (invited accounts); empty for older accounts. */
  fullName?: string;
}

/** The staff member by the name the team knows her by (else her username or e-mail). */
export function staffActor(user: StaffMember): Actor {
  return { kind: 'staff', id: user.id, name: user.fullName || user.username || user.email, email: user.email };
}

export interface StatusChange {
  orderDocumentId: string;
  from: string | null;
  to: string;
  by: Actor;
  note: string | null;
  at: Date;
  /** A fulfilment step marked (from and to are then the order's status, unchanged). */
  step?: string | null;
}

/**
 * Stores one entry of an order's history. Called inside the transaction that changes the status (Strapi's query
 * engine joins the open transaction), so the change and its entry are written together or not at all.
 */
export async function recordStatusChange(change: StatusChange): Promise<void> {
  await asShopWrite(() =>
    strapi.documents(ORDER_EVENT_UID).create({
      data: {
        orderDocumentId: change.orderDocumentId,
        fromStatus: change.from,
        toStatus: change.to,
        actorKind: change.by.kind,
        actorId: change.by.id,
        actorName: change.by.name.slice(0, 255),
        note: change.note,
        step: change.step ?? null,
        at: change.at,
      },
    }),
  );
}

function eventOf(row: Record<string, unknown>): OrderEvent {
  const kind = row.actorKind === 'system' ? 'system' : 'staff';
  return {
    at: isoDate(row.at) ?? isoDate(row.createdAt) ?? '',
    from: typeof row.fromStatus === 'string' ? row.fromStatus : null,
    to: typeof row.toStatus === 'string' ? row.toStatus : '',
    by: {
      kind,
      id: typeof row.actorId === 'number' ? row.actorId : null,
      name: typeof row.actorName === 'string' ? row.actorName : kind === 'system' ? SYSTEM_ACTOR_NAME : '',
    },
    note: typeof row.note === 'string' && row.note !== '' ? row.note : null,
    step: isFulfillmentStep(row.step) ? row.step : null,
  };
}

/** An order's status changes, oldest first (staff only: names and notes are internal). */
export async function orderHistory(orderDocumentId: string): Promise<OrderEvent[]> {
  const rows: unknown[] = await strapi.db.query(ORDER_EVENT_UID).findMany({
    where: { orderDocumentId },
    orderBy: [{ at: 'asc' }, { id: 'asc' }],
    limit: 500,
  });
  return rows.filter(isRecord).map(eventOf);
}

/** Removes an order's history with the order (inside the deleting transaction). */
export async function deleteOrderHistory(orderDocumentId: string): Promise<void> {
  await strapi.db.query(ORDER_EVENT_UID).deleteMany({ where: { orderDocumentId } });
}
