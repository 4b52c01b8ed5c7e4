import { useEffect, useRef } from 'react';

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
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement;
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const focusable = dialogRef.current.querySelectorAll<HTMLElement>('button:not([disabled])');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('no-scroll');
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.classList.remove('no-scroll');
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, [onClose]);

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div
        ref={dialogRef}
        className="modal account-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="account-delete-title"
        aria-describedby="account-delete-text"
        onClick={(event) => event.stopPropagation()}
        data-testid="account-delete-dialog"
      >
        <h2 id="account-delete-title">¿Eliminar tu cuenta?</h2>
        <div id="account-delete-text">
          <p>
            Borramos tus direcciones, tus medidas, tus favoritos, tus avisos de «Avisame» y tus preferencias, y cerramos tu sesión en todos
            tus dispositivos.
          </p>
          <p>
            Tus compras y sus facturas se conservan: la ley nos obliga a guardarlas. Podés volver a entrar cuando quieras con tu e-mail, y
            vas a empezar de cero.
          </p>
        </div>
        {error && (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        )}
        <div className="account-actions">
          <button ref={cancelRef} type="button" className="btn btn--outline" onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="button" className="btn account-dialog__confirm" onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {busy ? 'Eliminando...' : 'Sí, eliminar mi cuenta'}
          </button>
        </div>
      </div>
    </div>
  );
}
