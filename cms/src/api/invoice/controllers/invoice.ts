import type { Context } from 'koa';
import { noteActivity, requireStaff } from '../../../domains/staff';
import { consume } from '../../../domains/platform';
import { forbidden, requestBody, sendPdfDownload } from '../../../utils/http';
import { routeParam } from '../../../utils/route-param';
import { sendCsv } from '../../../utils/csv-stream';
import { pdfFormatOf } from '../../../domains/invoicing/invoice-documents';

const invoices = () => strapi.service('api::invoice.invoice');

export const TWO_FACTOR_FOR_INVOICING = 'Para administrar la facturación activá la verificación en dos pasos en Mi cuenta';

/** invoicing.manage also needs two-factor sign-in on the account (the policy already checked the permission). */
async function requireInvoicingOwner(ctx: Context) {
  const user = await requireStaff(ctx, 'invoicing.manage');
  if (!user.twoFactorEnabled) throw forbidden(TWO_FACTOR_FOR_INVOICING);
  return user;
}

/** docs/api.md "Factura electrónica". */
export default {
  async getSettings(ctx: Context) {
    await requireInvoicingOwner(ctx);
    ctx.body = await invoices().getSettings();
  },
  async putSettings(ctx: Context) {
    await requireInvoicingOwner(ctx);
    ctx.body = await invoices().putSettings(requestBody(ctx));
    noteActivity(ctx, { summary: 'Datos de facturación' });
  },
  async createCsr(ctx: Context) {
    await requireInvoicingOwner(ctx);
    ctx.body = await invoices().createCsr();
  },
  async putCertificate(ctx: Context) {
    await requireInvoicingOwner(ctx);
    ctx.body = await invoices().putCertificate(requestBody(ctx));
  },
  async test(ctx: Context) {
    await requireInvoicingOwner(ctx);
    ctx.body = await invoices().testConnection();
  },
  async findOne(ctx: Context) {
    ctx.body = await invoices().orderInvoice(routeParam(ctx, 'id'));
  },
  async invoiceNow(ctx: Context) {
    await requireInvoicingOwner(ctx);
    const id = routeParam(ctx, 'id');
    ctx.body = await invoices().invoiceNow(id, requestBody(ctx) ?? {});
    noteActivity(ctx, { target: id });
  },
  async creditNote(ctx: Context) {
    await requireInvoicingOwner(ctx);
    const id = routeParam(ctx, 'id');
    ctx.body = await invoices().creditNote(id, requestBody(ctx) ?? {});
    noteActivity(ctx, { target: id });
  },
  async pdf(ctx: Context) {
    const kind = ctx.query.kind === 'credit_note' ? 'credit_note' : 'invoice';
    sendPdfDownload(ctx, await invoices().orderInvoicePdf(routeParam(ctx, 'id'), kind, pdfFormatOf(ctx.query.format)));
  },
  /** GET /invoicing/libro-iva.csv?month=AAAA-MM: the month's "Libro IVA ventas" for the accountant. */
  async salesBook(ctx: Context) {
    const service = invoices();
    const month = service.salesBookMonth(ctx.query.month);
    const rows = await service.salesBookRows(month);
    async function* batches() {
      yield rows;
    }
    sendCsv(ctx, `libro-iva-ventas-${month}`, service.salesBookHeader, batches());
  },
  /** POST /orders/tracking/invoice.pdf {orderNumber, contact, format?}: the shopper's copy; rate limited like tracking. */
  async trackedPdf(ctx: Context) {
    await consume(ctx, 'tracking');
    sendPdfDownload(ctx, await invoices().trackedInvoicePdf(requestBody(ctx)));
  },
};
