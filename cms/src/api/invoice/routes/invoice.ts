import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::invoice.invoice', {
  public: { trackedPdf: ['POST', '/orders/tracking/invoice.pdf'] },
  staff: {
    getSettings: ['GET', '/invoicing/settings'],
    putSettings: ['PUT', '/invoicing/settings'],
    createCsr: ['POST', '/invoicing/csr'],
    putCertificate: ['PUT', '/invoicing/certificate'],
    test: ['POST', '/invoicing/test'],
    salesBook: ['GET', '/invoicing/libro-iva.csv'],
    findOne: ['GET', '/orders/:id/invoice'],
    invoiceNow: ['POST', '/orders/:id/invoice'],
    creditNote: ['POST', '/orders/:id/credit-note'],
    pdf: ['GET', '/orders/:id/invoice.pdf'],
  },
});
