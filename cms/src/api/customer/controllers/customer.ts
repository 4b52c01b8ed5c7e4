import type { Context } from 'koa';
import {
  CUSTOMER_EXPORT_HEADER,
  customerDetailAnswerSchema,
  customerExportCells,
  customerKeyOfId,
  customerListAnswerSchema,
  customerListQuerySchema,
  type CsvValue,
} from '@shop/shared';
import { customerBatches, customerDetail, listCustomers } from '../../../domains/customers';
import { accountSince } from '../../../domains/accounts';
import { exportBatchSize, sendCsv } from '../../../utils/csv-stream';
import { notFound, parseWith, reply } from '../../../utils/http';

const CUSTOMER_NOT_FOUND = 'No encontramos ese cliente';

/** The query's known fields only: anything else in the query string is ignored. */
function listQuery(ctx: Context) {
  const { search, sort, direction, page, pageSize } = ctx.query;
  const given = Object.entries({ search, sort, direction, page, pageSize }).filter(([, v]) => v !== undefined);
  return parseWith(customerListQuerySchema, Object.fromEntries(given));
}

async function* exportRows(): AsyncGenerator<CsvValue[][]> {
  for await (const batch of customerBatches(exportBatchSize())) yield batch.map(customerExportCells);
}

/** The shop's customers (staff: customers.view; the export customers.export). */
export default {
  /** GET /customers?search=&sort=lastOrder|totalSpent|orders|name&direction=asc|desc&page=&pageSize= */
  async find(ctx: Context) {
    reply(ctx, customerListAnswerSchema, await listCustomers(listQuery(ctx)));
  },

  /** GET /customers/{id}: the customer and her orders, newest first. */
  async findOne(ctx: Context) {
    const key = customerKeyOfId(ctx.params.id);
    const answer = key === null ? null : await customerDetail(key);
    if (!answer) throw notFound(CUSTOMER_NOT_FOUND);
    reply(ctx, customerDetailAnswerSchema, { ...answer, accountSince: await accountSince(answer.customer.email) });
  },

  /** GET /customers/export.csv: every customer, streamed for Excel es-AR (formula cells neutralised). */
  async exportCsv(ctx: Context) {
    sendCsv(ctx, 'clientes', CUSTOMER_EXPORT_HEADER, exportRows());
  },
};
