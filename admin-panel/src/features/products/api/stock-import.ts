import axios from 'axios';
import { z } from 'zod';
import { ApiError, toApiError, useWriteMutation } from '@shop/client-kit';
import { stockSheetParcelChangeSchema } from '@shop/shared';
import { api } from '@/lib/api-client';
import { productQueries } from './product-queries';

/** POST /products/stock.csv: the stock file checked (preview) or applied (`?apply=1`); docs/api.md. */

/** The largest stock file the server reads. */
export const MAX_STOCK_FILE_BYTES = 5 * 1024 * 1024;
export const STOCK_FILE_TOO_LARGE = 'El archivo supera los 5 MB. Subí una planilla más chica (solo las columnas del stock).';

const cellText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

export const stockChangeSchema = z.object({
  line: z.number(),
  sku: cellText,
  product: cellText,
  color: cellText,
  size: cellText,
  from: z.number().nullish(),
  to: z.number(),
});
export type StockChange = z.infer<typeof stockChangeSchema>;

export const stockRowErrorSchema = z.object({ line: z.number().nullish(), message: z.string() });
export type StockRowError = z.infer<typeof stockRowErrorSchema>;

export const stockImportAnswerSchema = z.object({
  applied: z.boolean().optional().default(false),
  changes: z.array(stockChangeSchema).default([]),
  /** The products whose packed parcel changes (files with the parcel's columns). */
  parcels: z.array(stockSheetParcelChangeSchema).default([]),
  errors: z.array(stockRowErrorSchema).default([]),
  rows: z.number().optional(),
  /** The refusal of an apply (400). */
  message: z.string().optional(),
  error: z.unknown().optional(),
});
export type StockImportAnswer = z.infer<typeof stockImportAnswerSchema>;

/**
 * Sends the file as it is (text/csv). A 400 on apply carries the refused rows, so it is an answer, not a failure:
 * `applied: false` with its `errors`.
 */
export async function sendStockFile(file: Blob, apply: boolean): Promise<StockImportAnswer> {
  const errorText = apply ? 'Error al aplicar la planilla de stock' : 'Error al revisar la planilla de stock';
  let status: number;
  let data: unknown;
  try {
    const response = await api.axios.post<unknown>('/products/stock.csv', file, {
      params: apply ? { apply: 1 } : undefined,
      headers: { 'Content-Type': 'text/csv' },
      timeout: 5 * 60_000,
    });
    status = response.status;
    data = response.data;
  } catch (error) {
    if (!(apply && axios.isAxiosError(error) && error.response?.status === 400)) throw toApiError(error, errorText);
    status = 400;
    data = error.response.data;
  }
  const parsed = stockImportAnswerSchema.safeParse(data);
  if (status === 400) {
    // A refused apply carries the rows to correct; without them it is an ordinary failure.
    const answer = parsed.success ? parsed.data : null;
    const message = answer?.message ?? (typeof answer?.error === 'string' ? answer.error : undefined);
    if (!answer || answer.errors.length === 0) throw new ApiError(message ?? errorText, { status });
    return { ...answer, applied: false, message };
  }
  if (!parsed.success) throw new ApiError(errorText, { status });
  return parsed.data;
}

export function useStockPreview() {
  return useWriteMutation({ mutationFn: (file: Blob) => sendStockFile(file, false), invalidates: () => [] });
}

/** Applies the file; the products' queries refresh (stock, variants). */
export function useStockApply() {
  return useWriteMutation({ mutationFn: (file: Blob) => sendStockFile(file, true), invalidates: () => [productQueries.all()] });
}
