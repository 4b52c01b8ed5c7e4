import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Printer, Truck } from 'lucide-react';
import type { LabelFormat } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { saveFile } from '@/lib/save-file';
import { createShipment, downloadLabels } from './api/order-shipment';
import { orderQueries } from './api/order-queries';

interface Props {
  /** The selected carrier orders: id and number. */
  selected: readonly { id: string; orderNumber: string }[];
  onClear: () => void;
}

/**
 * The orders list's bar for the carrier orders ticked in the table: "Crear envíos" (one after the other: an order
 * refused, e.g. not paid yet, is named and the others go on) and "Imprimir etiquetas" (all in one PDF, A4 or 10 × 15).
 */
export function OrderShipmentsBar({ selected, onClear }: Props) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  if (selected.length === 0) return null;

  async function createAll() {
    setBusy(true);
    setMessage(null);
    const refused: string[] = [];
    for (const order of selected) {
      try {
        await createShipment(order.id);
      } catch (e) {
        refused.push(`#${order.orderNumber}: ${errorMessage(e, 'no se pudo crear')}`);
      }
    }
    await queryClient.invalidateQueries({ queryKey: orderQueries.all() });
    setBusy(false);
    const made = selected.length - refused.length;
    setMessage(
      refused.length === 0
        ? { kind: 'ok', text: `${made} envíos creados.` }
        : { kind: 'error', text: `${made} envíos creados. Sin crear: ${refused.join(' · ')}` },
    );
  }

  async function print(format: LabelFormat) {
    setBusy(true);
    setMessage(null);
    try {
      saveFile(
        await downloadLabels(
          selected.map((o) => o.id),
          format,
        ),
        `etiquetas-${format}.pdf`,
      );
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, 'Error al imprimir las etiquetas') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card filters" aria-label="Envíos por correo seleccionados" data-testid="shipments-bar">
      <p>
        <strong>{selected.length}</strong> {selected.length === 1 ? 'orden seleccionada' : 'órdenes seleccionadas'} para enviar por correo
      </p>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void createAll()}>
        <Truck size={16} aria-hidden="true" /> Crear envíos
      </button>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void print('a4')}>
        <Printer size={16} aria-hidden="true" /> Imprimir etiquetas (A4)
      </button>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void print('10x15')}>
        <Printer size={16} aria-hidden="true" /> Imprimir etiquetas (10 × 15)
      </button>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClear}>
        Quitar selección
      </button>
      {message && (
        <p className={message.kind === 'ok' ? 'hint' : 'field-error'} role={message.kind === 'ok' ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
