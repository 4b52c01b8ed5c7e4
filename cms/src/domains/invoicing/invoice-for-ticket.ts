import { formatCuit } from '@shop/shared';
import { conditionText } from './invoice-pdf';
import { currentInvoice } from './invoice-store';
import { invoiceAnswer } from './invoice-view';
import { isReady, settingsRow } from './invoicing-settings';

/**
 * What a counter ticket prints of the invoicing (docs/api.md "Counter"): the shop's fiscal data from the settings
 * (never a secret), whether invoicing is on, and the order's current invoice (null while none is on its way).
 */
export async function invoicingForTicket(orderDocumentId: string) {
  const settings = await settingsRow();
  const ready = isReady(settings);
  const row = await currentInvoice(orderDocumentId);
  // A row queued in a shop without invoicing set up is not an invoice on its way (as GET /orders/{id}/invoice).
  const shown = row && row.status !== 'skipped' && !(row.status === 'queued' && !ready) ? invoiceAnswer(row, settings.cuit) : null;
  return {
    shop: {
      businessName: settings.businessName ?? '',
      address: settings.address ?? '',
      cuit: settings.cuit ? formatCuit(settings.cuit) : '',
      taxCondition: settings.cuit ? conditionText(settings) : '',
    },
    invoicingOn: ready,
    invoice: shown
      ? {
          status: shown.status,
          name: shown.name,
          numberText: shown.numberText,
          cae: shown.status === 'authorized' ? shown.cae : null,
          caeDueDate: shown.status === 'authorized' ? shown.caeDueDate : null,
          qrUrl: shown.qrUrl,
        }
      : null,
  };
}
