import type { LucideIcon } from 'lucide-react';

interface SubmitButtonProps {
  icon: LucideIcon;
  label: string;
  /** Shown instead of the label while the form is being sent; the button is disabled meanwhile. */
  pendingLabel: string;
  pending: boolean;
}

/** The primary submit button of a form, on its own row, with its icon and a "...ando" label while sending. */
export function SubmitButton({ icon: Icon, label, pendingLabel, pending }: SubmitButtonProps) {
  return (
    <div>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        <Icon size={16} aria-hidden="true" /> {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
