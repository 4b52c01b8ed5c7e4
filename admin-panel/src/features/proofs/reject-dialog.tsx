import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROOF_REJECTION_REASON_MAX, proofRejectionSchema, type ProofRejection } from '@shop/shared';
import type { z } from 'zod';
import { Modal } from '@/components/modal';

type RejectValues = z.input<typeof proofRejectionSchema>;

interface RejectDialogProps {
  orderNumber: string;
  pending: boolean;
  error: string | null;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/** Asks for the reason of a rejected proof (required, told to the shopper, kept in the order's history). */
export function RejectDialog({ orderNumber, pending, error, onReject, onCancel }: RejectDialogProps) {
  const id = useId();
  const { register, handleSubmit, watch, formState } = useForm<RejectValues, unknown, ProofRejection>({
    resolver: zodResolver(proofRejectionSchema),
    defaultValues: { reason: '' },
  });
  const length = watch('reason').length;
  const fieldError = formState.errors.reason?.message;
  const submit = handleSubmit(({ reason }) => onReject(reason));
  return (
    <Modal
      title={`Rechazar comprobante de la orden #${orderNumber}`}
      onClose={onCancel}
      testId="reject-dialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancelar
          </button>
          <button type="submit" form={`${id}-form`} className="btn btn-danger" disabled={pending}>
            {pending ? 'Rechazando...' : 'Rechazar comprobante'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="stack" noValidate onSubmit={(event) => void submit(event)}>
        <p className="muted">La orden vuelve a esperar el comprobante y la clienta recibe el motivo.</p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Motivo del rechazo</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            data-autofocus
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-count${fieldError ? ` ${id}-error` : ''}`}
            placeholder="Ej.: el monto transferido no coincide con el total"
            {...register('reason')}
          />
          <small id={`${id}-count`} className="hint">
            {length}/{PROOF_REJECTION_REASON_MAX} caracteres
          </small>
          {fieldError && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {fieldError}
            </p>
          )}
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
