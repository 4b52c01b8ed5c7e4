import { ConfirmDialog } from './confirm-dialog';

/** What the dialog says about the row to delete. */
interface Deletion {
  title: string;
  confirmLabel: string;
  /** What is deleted, as the question names it: `la orden #12`, `"Conjunto Lila"`. */
  subject: string;
}

interface DeleteDialogProps {
  /** The row to delete; the dialog is closed while there is none. */
  what: Deletion | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation before a list page deletes one of its rows. */
export function DeleteDialog({ what, ...actions }: DeleteDialogProps) {
  if (!what) return null;
  return (
    <ConfirmDialog
      title={what.title}
      confirmLabel={what.confirmLabel}
      message={`¿Seguro que querés eliminar ${what.subject}? Esta acción no se puede deshacer.`}
      busyLabel="Eliminando..."
      {...actions}
    />
  );
}
