/**
 * The invoicing domain (electronic invoices through ARCA: WSAA + WSFEv1, credit notes, PDF with ARCA's QR): what other
 * parts of the backend may use. Its other files are private to the domain and its Strapi shells
 * (cms/src/domains/domains.json; the lint rule in eslint.config.mjs).
 */
export { kickInvoiceWorker, startInvoiceWorker, stopInvoiceWorker, sweepInvoices } from './invoice-issue';
export { prepareInvoicing, queueInvoiceForPaidOrder } from './invoicing-hooks';
export { CANCELLATION as CREDIT_FOR_CANCELLATION, queueCreditNoteForOrder } from './invoice-credits';
export { invoicingForTicket } from './invoice-for-ticket';
export { orderInvoicePdf } from './invoice-documents';
export { hasAuthorizedInvoice } from './invoice-documents';
