import { useId } from 'react';
import { STAFF_ROLE_LABELS, type StaffMember } from '@shop/shared';
import { Banner } from '@/components/feedback';
import { CopyButton } from '@/components/copy-button';
import { Modal } from '@/components/modal';

/** A new account with a temporary password (the shop has no mail server to send an invitation). */
export interface TemporaryPasswordInvitation {
  staff: StaffMember;
  temporaryPassword: string;
}

/** The new account's temporary password, shown this once, with 'Copiar' (the fallback when mail is not configured). */
export function TemporaryPasswordDialog({ invitation, onClose }: { invitation: TemporaryPasswordInvitation; onClose: () => void }) {
  const { staff, temporaryPassword } = invitation;
  const introId = useId();
  return (
    <Modal
      title="Cuenta creada"
      onClose={onClose}
      size="sm"
      testId="temporary-password-dialog"
      describedBy={introId}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Listo
        </button>
      }
    >
      <div className="stack">
        <p id={introId}>
          Se creó la cuenta de <strong>{staff.name}</strong> ({staff.email}) con el rol {STAFF_ROLE_LABELS[staff.role]}. Pasale su email y
          esta contraseña temporal por un medio seguro.
        </p>
        <div className="field">
          <p className="field-label">Contraseña temporal</p>
          <div className="secret-row">
            <code className="secret-text" data-testid="temporary-password">
              {temporaryPassword}
            </code>
            <CopyButton text={temporaryPassword} what="la contraseña temporal" autoFocus />
          </div>
        </div>
        <Banner kind="warning">
          Se muestra una sola vez: guardala antes de cerrar. {staff.name} tiene que cambiarla la primera vez que inicie sesión.
        </Banner>
      </div>
    </Modal>
  );
}
