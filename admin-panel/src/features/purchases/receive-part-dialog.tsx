import { useState, type FormEvent } from 'react';
import { errorMessage } from '@shop/client-kit';
import type { Purchase } from '@shop/shared';
import { PendingButton } from '@/components/submit-button';
import { Modal } from '@/components/modal';
import { DataTable } from '@/components/data-table';
import { useReceivePurchase } from './purchases-api';

const left = (line: Purchase['lines'][number]) => Math.max(0, line.quantity - line.received);
const variantOf = (line: Purchase['lines'][number]) =>
  [line.productTitle, [line.color, line.size].filter(Boolean).join(' ')].filter(Boolean).join(' · ');

/** The units that arrived, line by line (what is still to receive is the most): a partial reception. */
export function ReceivePartDialog({
  purchase,
  onClose,
  onDone,
}: {
  purchase: Purchase;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const receive = useReceivePurchase();
  const pending = purchase.lines.filter((line) => left(line) > 0);
  const [units, setUnits] = useState<Record<string, string>>(() => Object.fromEntries(pending.map((line) => [line.sku, ''])));
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = pending
    .map((line) => ({ sku: line.sku, quantity: Number(units[line.sku] || 0), max: left(line) }))
    .filter((line) => line.quantity > 0);
  const invalid = pending.some((line) => {
    const text = units[line.sku] ?? '';
    return text !== '' && (!/^\d{1,5}$/.test(text) || Number(text) > left(line));
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid || chosen.length === 0) {
      setFailure(
        invalid ? 'Cada cantidad debe ser un número entero que no supere lo que queda por recibir.' : 'Indicá cuántas unidades llegaron.',
      );
      return;
    }
    setFailure(null);
    receive.mutate(
      { id: purchase.id, lines: chosen.map(({ sku, quantity }) => ({ sku, quantity })) },
      {
        onSuccess: ({ purchase: done }) => onDone(`${done.label}: ${done.receivedUnits} de ${done.units} unidades recibidas.`),
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  }

  return (
    <Modal
      title={`Recibir parte de la ${purchase.label.toLowerCase()}`}
      onClose={receive.isPending ? () => undefined : onClose}
      size="lg"
      testId="receive-part-dialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={receive.isPending}>
            Cancelar
          </button>
          <PendingButton label="Recibir lo indicado" pendingLabel="Recibiendo..." pending={receive.isPending} form="receive-part-form" />
        </>
      }
    >
      <form id="receive-part-form" onSubmit={submit} noValidate>
        <p className="hint">Escribí cuántas unidades llegaron de cada variante; las demás quedan por recibir.</p>
        <DataTable testId="receive-part-lines" caption="Lo que queda por recibir" columns={['Variante', 'SKU', 'Quedan', 'Llegaron']}>
          {pending.map((line) => (
            <tr key={line.sku}>
              <td data-label="Variante">{variantOf(line)}</td>
              <td data-label="SKU">{line.sku}</td>
              <td data-label="Quedan">{left(line)}</td>
              <td data-label="Llegaron">
                <input
                  type="text"
                  inputMode="numeric"
                  aria-label={`Unidades de ${line.sku} que llegaron`}
                  value={units[line.sku] ?? ''}
                  onChange={(e) => setUnits({ ...units, [line.sku]: e.target.value.trim() })}
                  placeholder="0"
                />
              </td>
            </tr>
          ))}
        </DataTable>
        {failure && (
          <p className="field-error" role="alert" data-testid="receive-part-error">
            {failure}
          </p>
        )}
      </form>
    </Modal>
  );
}
