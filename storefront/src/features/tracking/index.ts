// Public face of order tracking. The tracking page is loaded by path from app/routes.tsx (its own chunk).
export { downloadInvoicePdf, InvoiceDownloadError } from './invoice-download';
