import type { LucideIcon } from 'lucide-react';

interface SubmitButtonProps {
  icon: LucideIcon;
  label: string;
  /** Shown instead of the label while the form is being sent; the button is disabled meanwhile. */
  pendingLabel: string;
  pending: boolean;
}

/** A form's send button, with its icon and a "...ando" label while sending. */
function SendButton({ icon: Icon, label, pendingLabel, pending, className }: SubmitButtonProps & { className: string }) {
  return (
    <button type="submit" className={className} disabled={pending}>
      <Icon size={16} aria-hidden="true" /> {pending ? pendingLabel : label}
    </button>
  );
}

/** The primary submit button of a form, on its own row, with its icon and a "...ando" label while sending. */
export function SubmitButton(props: SubmitButtonProps) {
  return (
    <div>
      <SendButton {...props} className="btn btn-primary" />
    </div>
  );
}

interface SubmitOrCancelProps extends SubmitButtonProps {
  /** The send button is red (turning something off). */
  danger?: boolean;
  onCancel: () => void;
}

/** A form's send button and 'Cancelar' side by side; both wait while the form is being sent. */
export function SubmitOrCancel({ danger = false, onCancel, ...send }: SubmitOrCancelProps) {
  return (
    <div className="button-row">
      <SendButton {...send} className={danger ? 'btn btn-danger' : 'btn btn-primary'} />
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={send.pending}>
        Cancelar
      </button>
    </div>
  );
}

interface PendingButtonProps {
  label: string;
  /** Shown instead of the label while the form is being sent: 'Guardando...'. */
  pendingLabel: string;
  pending: boolean;
  className?: string;
  /** Waits for something else too (nothing chosen yet). */
  disabled?: boolean;
  /** The form it sends, when it stands outside it (a dialog's footer). */
  form?: string;
}

/** A form's send button without an icon: it says '…ando' and waits while the form is being sent. */
export function PendingButton({ label, pendingLabel, pending, className = 'btn btn-primary', disabled = false, form }: PendingButtonProps) {
  return (
    <button type="submit" form={form} className={className} disabled={pending || disabled}>
      {pending ? pendingLabel : label}
    </button>
  );
}
