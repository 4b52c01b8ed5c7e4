import { useState } from 'react';
import type { StaffWithdrawal } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Banner } from '@/components/feedback';
import { saveFile } from '@/lib/save-file';
import { downloadReturnLabel, useCreateReturnShipment } from './withdrawal-queries';

/**
 * A national order's goods come back at the shop's expense: "Generar envío de devolución" asks the order's carrier to
 * collect them at her address (to the shop's return address, on the shop's account); then the number and the label.
 * Orders of Neuquén (courier, meeting point) are collected by the shop itself: nothing to make here.
 */
export function ReturnShipment({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  const create = useCreateReturnShipment();
  const [labelError, setLabelError] = useState<string | null>(null);
  const shipment = withdrawal.returnShipment;
  const beforeReception = withdrawal.status === 'received' || withdrawal.status === 'pickup_arranged';
  if (!withdrawal.byCarrier || (!shipment && !beforeReception)) return null;

  async function label() {
    setLabelError(null);
    try {
      saveFile(await downloadReturnLabel(withdrawal.id), `devolucion-${withdrawal.code}.pdf`);
    } catch (e) {
      setLabelError(errorMessage(e, 'Error al descargar la etiqueta'));
    }
  }

  return (
    <div className="withdrawal-return" data-testid="withdrawal-return">
      {create.isError && <Banner kind="error">{errorMessage(create.error)}</Banner>}
      {labelError && <Banner kind="error">{labelError}</Banner>}
      {shipment ? (
        <p>
          Envío de devolución: {shipment.carrierName}, seguimiento <strong>{shipment.trackingNumber}</strong>{' '}
          <button type="button" className="btn btn-secondary" onClick={() => void label()}>
            Descargar etiqueta
          </button>
        </p>
      ) : (
        <button type="button" className="btn btn-primary" disabled={create.isPending} onClick={() => create.mutate(withdrawal.id)}>
          {create.isPending ? 'Generando el envío…' : 'Generar envío de devolución (lo paga la tienda)'}
        </button>
      )}
    </div>
  );
}
