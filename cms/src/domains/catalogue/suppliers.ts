// Suppliers of "Ingreso de mercadería": a name unique in any case (the lower-cased `name_key`, a unique index), a CUIT, a contact.
import { PURCHASES_MSG, type Supplier, type SupplierInput } from '@shop/shared';
import { isRecord, isUniqueViolation, newDocumentId, table, writeTransaction, type Trx } from '../../utils/db-write';
import { conflict, notFound } from '../../utils/http';

export const SUPPLIERS_TABLE = 'suppliers';

const knex = () => strapi.db.connection;
const nameKey = (name: string) => name.trim().toLocaleLowerCase('es-AR');
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function toSupplier(row: Record<string, unknown>): Supplier {
  return { id: Number(row.id), name: String(row.name), cuit: text(row.cuit), contact: text(row.contact) };
}

export async function listSuppliers(): Promise<Supplier[]> {
  const rows: unknown[] = await table(knex(), SUPPLIERS_TABLE).orderBy('name_key', 'asc').select('id', 'name', 'cuit', 'contact');
  return rows.filter(isRecord).map(toSupplier);
}

export async function supplierRow(trx: Trx, id: number): Promise<Record<string, unknown> | null> {
  const row: unknown = await table(trx, SUPPLIERS_TABLE).where('id', id).first('id', 'name', 'cuit', 'contact');
  return isRecord(row) ? row : null;
}

/** Creates (id undefined) or replaces one supplier; a name another supplier has (any case) is a Spanish 409. */
export async function saveSupplier(input: SupplierInput, id?: number): Promise<Supplier> {
  const key = nameKey(input.name);
  const fields = { name: input.name, name_key: key, cuit: input.cuit ?? null, contact: input.contact ?? null };
  try {
    return await writeTransaction(async (trx) => {
      if (id !== undefined && !(await supplierRow(trx, id))) throw notFound(PURCHASES_MSG.supplierMissing);
      const sameName = table(trx, SUPPLIERS_TABLE).where('name_key', key);
      if (id !== undefined) void sameName.whereNot('id', id);
      const taken: unknown = await sameName.first('id');
      if (isRecord(taken)) throw conflict(PURCHASES_MSG.supplierTaken(input.name));
      const now = new Date();
      if (id !== undefined) {
        await table(trx, SUPPLIERS_TABLE)
          .where('id', id)
          .update({ ...fields, updated_at: now });
        return toSupplier({ id, ...fields });
      }
      const inserted: unknown = await table(trx, SUPPLIERS_TABLE)
        .insert({ document_id: newDocumentId(), ...fields, created_at: now, updated_at: now, published_at: now })
        .returning('id');
      const first: unknown = Array.isArray(inserted) ? inserted[0] : inserted;
      return toSupplier({ id: isRecord(first) ? first.id : first, ...fields });
    });
  } catch (err) {
    // Two creations of one name at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(err)) throw conflict(PURCHASES_MSG.supplierTaken(input.name));
    throw err;
  }
}
