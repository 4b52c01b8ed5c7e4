import { z } from 'zod';

/** Pieces several request and answer schemas share (not exported by the package themselves). */

/** When a stored record was created and last changed (ISO times). */
export const timestampFields = { createdAt: z.string(), updatedAt: z.string() };

/** Where an order goes, as staff see it (null when the shopper left it empty, as for pickup orders). */
export const orderAddressFields = {
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  notes: z.string().nullable(),
};

/** The paging of a list answer that says its page size: which page this is, how many a page holds, how many match in all. */
export const sizedPageFields = { page: z.number(), pageSize: z.number(), total: z.number() };

/** The paging of a list answer: how many there are in all (under `totalKey`), how many pages, and which page this is. */
export function pageFields<K extends string>(totalKey: K) {
  return { [totalKey]: z.number(), totalPages: z.number(), page: z.number() } as { [P in K]: z.ZodNumber } & {
    totalPages: z.ZodNumber;
    page: z.ZodNumber;
  };
}

// ---------- Request bodies ----------

// Every text of an input has a maximum that fits its database column (Strapi `string` = varchar(255) on PostgreSQL).
export const tooLong = (max: number) => `El texto no puede superar ${max} caracteres`;
export const text = (max: number) => z.string().trim().max(max, tooLong(max));
export const requiredText = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
