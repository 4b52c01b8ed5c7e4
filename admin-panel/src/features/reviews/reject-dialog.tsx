import { useId, useState, type FormEvent } from 'react';
import { REVIEW_LIMITS, REVIEW_MSG } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { Banner } from '@/components/feedback';
import { FieldNotes, RequiredMark, describedBy } from '@/components/form-field';
import { Modal } from '@/components/modal';

interface RejectDialogProps {
  /** What the review is called in the dialog ("«Me encantó» de María G."). */
  name: string;
  busy: boolean;
  /** The server's refusal of the last try, if any. */
  error: unknown;
  onReject: (reason: string) => void;
  onCancel: () => void;
}

/** "Rechazar": asks the reason (required; the shopper never sees it) before the review is rejected. */
export function RejectDialog({ name, busy, error, onReject, onCancel }: RejectDialogProps) {
  const formId = useId();
  const fieldId = `${formId}-reason`;
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const hint = 'No se le muestra a la compradora.';
  const fieldError = missing ? REVIEW_MSG.reasonRequired : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === '') return setMissing(true);
    onReject(reason.trim());
  }

  return (
    <Modal
      title="Rechazar la opinión"
      onClose={busy ? () => undefined : onCancel}
      size="sm"
      testId="reject-review-dialog"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" form={formId} className="btn btn-danger" disabled={busy}>
            {busy ? 'Rechazando…' : 'Rechazar'}
          </button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={submit} noValidate>
        <p>{name}: no se publica (o deja de estar publicada).</p>
        <div className="field">
          <label htmlFor={fieldId}>
            Motivo del rechazo <RequiredMark />
          </label>
          <textarea
            id={fieldId}
            rows={3}
            required
            maxLength={REVIEW_LIMITS.reason}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim() !== '') setMissing(false);
            }}
            aria-invalid={missing || undefined}
            aria-describedby={describedBy(fieldId, { hint, error: fieldError })}
            data-autofocus
          />
          <FieldNotes id={fieldId} hint={hint} error={fieldError} announce />
        </div>
        {error ? <Banner kind="error">{errorMessage(error, 'No se pudo rechazar la opinión')}</Banner> : null}
      </form>
    </Modal>
  );
}
