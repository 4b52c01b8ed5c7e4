import {
  createCsr,
  creditNote,
  getSettings,
  invoiceNow,
  orderInvoice,
  putCertificate,
  putSettings,
  testConnection,
} from '../../../domains/invoicing/invoicing-actions';
import { orderInvoicePdf, trackedInvoicePdf } from '../../../domains/invoicing/invoice-documents';
import { SALES_BOOK_HEADER, salesBookMonth, salesBookRows } from '../../../domains/invoicing/sales-book';

/** Electronic invoices through ARCA (docs/api.md "Factura electrónica"): settings, certificate, per-order invoices. */
export default () => ({
  getSettings,
  putSettings,
  createCsr,
  putCertificate,
  testConnection,
  orderInvoice,
  invoiceNow,
  creditNote,
  orderInvoicePdf,
  trackedInvoicePdf,
  salesBookHeader: SALES_BOOK_HEADER,
  salesBookMonth,
  salesBookRows,
});
