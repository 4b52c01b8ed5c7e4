import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { CSV_BOM, LIMITS, csvFileName, csvRow, type CsvValue } from '@shop/shared';

/**
 * Answers a CSV download streamed to the client: the BOM and header first, then each batch of rows as it is read
 * from the database (one chunk per batch), so memory holds one batch whatever the number of rows. A failure after
 * the first bytes cannot become a JSON error any more: it is logged and the connection is cut, so the client sees
 * an incomplete download instead of a file that looks whole.
 */
export function sendCsv(ctx: Context, baseName: string, header: readonly string[], batches: AsyncIterable<CsvValue[][]>): void {
  async function* chunks(): AsyncGenerator<string> {
    yield CSV_BOM + csvRow(header);
    for await (const rows of batches) yield rows.map(csvRow).join('');
  }
  const stream = Readable.from(chunks(), { objectMode: false });
  stream.on('error', (error) => strapi.log.error(`[export] ${baseName}.csv failed mid-way: ${error.message}`));
  ctx.set('Content-Disposition', `attachment; filename="${csvFileName(baseName)}"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = stream;
}

/** Rows per database read of an export: LIMITS.exportBatchSize, or EXPORT_BATCH_SIZE (1–5000) when set. */
export function exportBatchSize(): number {
  const n = Number.parseInt(process.env.EXPORT_BATCH_SIZE ?? '', 10);
  return Number.isInteger(n) && n >= 1 && n <= 5000 ? n : LIMITS.exportBatchSize;
}
