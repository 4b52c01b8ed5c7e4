import { useRef } from 'react';
import { ErrorNotice } from '@/components/form-parts';
import { ModalFrame } from '@/components/modal-frame';

interface DeleteDialogProps {
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "¿Eliminar tu cuenta?": a modal dialog that says what goes and what the law keeps. The focus starts on "Cancelar",
 * stays inside while it is open (Tab wraps), Escape closes it, and it goes back to the button that opened it.
 */
export function DeleteDialog({ busy, error, onConfirm, onClose }: DeleteDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <ModalFrame
      className="account-dialog"
      labelledBy="account-delete-title"
      describedBy="account-delete-text"
      testId="account-delete-dialog"
      initialFocus={cancelRef}
      onClose={onClose}
    >
      <h2 id="account-delete-title">¿Eliminar tu cuenta?</h2>
      <div id="account-delete-text">
        <p>
          Borramos tus direcciones, tus medidas, tus favoritos, tus avisos de «Avisame» y tus preferencias, y cerramos tu sesión en todos
          tus dispositivos.
        </p>
        <p>
          Tus compras y sus facturas se conservan: la ley nos obliga a guardarlas. Podés volver a entrar cuando quieras con tu e-mail, y vas
          a empezar de cero.
        </p>
      </div>
      <ErrorNotice error={error} />
      <div className="account-actions">
        <button ref={cancelRef} type="button" className="btn btn--outline" onClick={onClose} disabled={busy}>
          Cancelar
        </button>
        <button type="button" className="btn account-dialog__confirm" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? 'Eliminando...' : 'Sí, eliminar mi cuenta'}
        </button>
      </div>
    </ModalFrame>
  );
}
