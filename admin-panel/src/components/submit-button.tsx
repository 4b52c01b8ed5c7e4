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
