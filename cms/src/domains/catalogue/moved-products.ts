// Which products can have changed since a kept read, and a report's per-product parts kept across stock moves (issue
// 60 §4: the owner's first read of a report after a sale counted a year of a category's orders and movements again,
// about a second on SQLite and on PostgreSQL, when the sale had changed one product).
import { isRecord, table, type Trx } from '../../utils/db-write';
import { byIdRange, SETTLED_MS, settledMovementId } from './ledger-sums';
import { PRODUCTS_TABLE } from './product-stock';
import { MOVEMENTS_TABLE } from './stock-ledger';

/** Everything is counted again at least this often (what a script changed behind the shop's back shows within it). */
export const FULL_READ_MS = 10 * 60_000;

/** The products whose units moved in a movement above `reflected` (read along the ids: ledger-sums.ts `byIdRange`). */
export async function productsMovedSince(db: Trx, reflected: number): Promise<Set<string>> {
  const moved: unknown[] = await table(db, MOVEMENTS_TABLE).where('id', '>', reflected).distinct(byIdRange(db, 'product_document_id'));
  return new Set(moved.filter(isRecord).map((row) => String(row.product_document_id)));
}

/**
 * The products that can have changed since a read that reflected every movement up to `reflected` and was made at
 * `checkedAt`: those whose units moved since (every change of units writes its movement in the same transaction,
 * stock-ledger.ts; an order cancelled or refunded gives its units back so) and those written through the model (the
 * editor, Strapi's panel: they stamp `updated_at`) since a minute before that read.
 */
export async function productsChangedSince(db: Trx, reflected: number, checkedAt: number): Promise<Set<string>> {
  const moved = await productsMovedSince(db, reflected);
  const edited: unknown[] = await table(db, PRODUCTS_TABLE)
    .where('updated_at', '>', new Date(checkedAt - SETTLED_MS))
    .select('document_id');
  for (const row of edited.filter(isRecord)) moved.add(String(row.document_id));
  return moved;
}

interface KeptParts<Part> {
  parts: Map<string, { written: string; part: Part }>;
  readAt: number;
  reflected: number;
}

/**
 * A report's parts per product (a category's units sold per size, its sell-outs…), kept per question. A call names
 * the question's products with their last write (`productsWhere`) and counts again only those whose units moved since
 * the last count (movements above the settled id), whose write differs from the one counted with (a product edited,
 * new to the question), and drops those that left it; each question is counted whole at first and every 10 minutes.
 * Calls for one question take turns, so that concurrent first reads count once. At most `size` questions are kept,
 * the oldest going first. `count` answers a part for every product it is given (an empty one when there is nothing to
 * count): a product left without one would be counted again at each call.
 */
export class MovedProductsMemo<Part> {
  private readonly kept = new Map<string, KeptParts<Part>>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(private readonly size: number) {}

  async get(key: string, products: ReadonlyMap<string, string>, count: (ids: string[]) => Promise<Map<string, Part>>): Promise<Part[]> {
    const before = this.turns.get(key) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(() => this.update(key, products, count));
    this.turns.set(key, mine);
    try {
      return await mine;
    } finally {
      if (this.turns.get(key) === mine) this.turns.delete(key);
    }
  }

  private async update(
    key: string,
    products: ReadonlyMap<string, string>,
    count: (ids: string[]) => Promise<Map<string, Part>>,
  ): Promise<Part[]> {
    const db = strapi.db.connection as unknown as Trx;
    const now = Date.now();
    // Taken before anything is read: every movement up to it is in what is read below.
    const settled = await settledMovementId(db, now);
    const before = this.kept.get(key);
    const fresh = before !== undefined && now - before.readAt < FULL_READ_MS;
    const moved = fresh ? await productsMovedSince(db, before.reflected) : new Set<string>();
    const again = [...products].flatMap(([id, written]) =>
      fresh && !moved.has(id) && before.parts.get(id)?.written === written ? [] : [id],
    );
    const counted = again.length > 0 ? await count(again) : new Map<string, Part>();
    const parts = new Map<string, { written: string; part: Part }>();
    for (const [id, written] of products) {
      const part = counted.has(id) ? counted.get(id) : before?.parts.get(id)?.part;
      if (part !== undefined) parts.set(id, { written, part });
    }
    this.kept.delete(key);
    if (this.kept.size >= this.size) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, { parts, readAt: fresh ? before.readAt : now, reflected: settled });
    return [...parts.values()].map((entry) => entry.part);
  }
}
