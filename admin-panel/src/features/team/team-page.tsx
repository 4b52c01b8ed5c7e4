import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, STAFF_ROLE_LABELS } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { DetailCard } from '@/components/detail-card';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { TableCard } from '@/components/data-table';
import { DeleteDialog } from '@/components/delete-dialog';
import { NoticeBanner } from '@/components/notice-banner';
import { PageHeader } from '@/components/page-header';
import { RefreshButton } from '@/components/refresh-button';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { useAuth } from '@/features/auth';
import { staffQueries } from './api/staff-queries';
import { useDeleteStaff } from './api/delete-staff';
import { useUpdateStaff } from './api/update-staff';
import { InviteForm } from './invite-form';
import { RequireTwoFactor } from './require-two-factor';
import { StaffTable, type StaffAction } from './staff-table';
import { TemporaryPasswordDialog, type TemporaryPasswordInvitation } from './temporary-password-dialog';

const TEXTS = {
  loading: 'Cargando el equipo...',
  failure: 'Error al cargar el equipo',
  emptyTitle: 'Todavía no hay nadie en el equipo',
  emptyText: 'Invitá a alguien con el formulario de arriba.',
};

/** The confirmation of a role change or (de)activation: title, question, button. */
function confirmation(action: Exclude<StaffAction, { kind: 'delete' }>, self: boolean) {
  const { member } = action;
  const sessions = self
    ? 'Es tu propia cuenta: tu sesión se cierra y vas a tener que volver a entrar.'
    : 'Sus sesiones abiertas se cierran en el momento.';
  if (action.kind === 'role') {
    const from = STAFF_ROLE_LABELS[member.role];
    const to = STAFF_ROLE_LABELS[action.role];
    return {
      title: 'Cambiar rol',
      message: `¿Cambiar el rol de ${member.name} de ${from} a ${to}? ${sessions}`,
      confirmLabel: 'Cambiar rol',
    };
  }
  if (action.active) {
    return {
      title: 'Activar cuenta',
      message: `¿Activar la cuenta de ${member.name}? Va a poder volver a iniciar sesión.`,
      confirmLabel: 'Activar',
    };
  }
  return {
    title: 'Desactivar cuenta',
    message: `¿Desactivar la cuenta de ${member.name}? No va a poder iniciar sesión. ${sessions}`,
    confirmLabel: 'Desactivar',
    danger: true,
  };
}

/**
 * 'Equipo' (owner only): who may enter the back office, with which role; invitations by e-mail (a one-time link to
 * choose a password), or with a temporary password shown once when the shop has no mail server.
 */
export function TeamPage() {
  const { user } = useAuth();
  const list = useQuery(staffQueries.list());
  const update = useUpdateStaff();
  const remove = useDeleteStaff();
  const notice = useTimedMessage();
  const [action, setAction] = useState<StaffAction | null>(null);
  const [invitation, setInvitation] = useState<TemporaryPasswordInvitation | null>(null);
  const staff = list.data ?? [];
  const selfId = user?.id ?? null;
  const busy = update.isPending || remove.isPending;
  // A row far down the list (phones): the result of its change is shown where the eye can find it.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice.message) noticeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [notice.message]);

  function confirm() {
    if (!action) return;
    const { member } = action;
    const done = {
      onError: (error: unknown) => notice.show({ kind: 'error', text: errorMessage(error) }),
      onSettled: () => setAction(null),
    };
    if (action.kind === 'delete') {
      remove.mutate(member.id, { ...done, onSuccess: ({ message }) => notice.show({ kind: 'success', text: message }, LIMITS.bannerMs) });
      return;
    }
    const change = action.kind === 'role' ? { role: action.role } : { active: action.active };
    const text =
      action.kind === 'role'
        ? `Rol de ${member.name}: ${STAFF_ROLE_LABELS[action.role]}.`
        : `Cuenta de ${member.name} ${action.active ? 'activada' : 'desactivada'}.`;
    update.mutate({ id: member.id, change }, { ...done, onSuccess: () => notice.show({ kind: 'success', text }, LIMITS.bannerMs) });
  }

  const cancel = () => {
    if (!busy) setAction(null);
  };

  return (
    <div className="page" data-testid="team-page">
      <PageHeader title="Equipo" description="Quién entra al panel y qué puede hacer cada rol.">
        <RefreshButton busy={list.isFetching} onClick={() => void list.refetch()} />
      </PageHeader>
      <DetailCard headingId="invite-title" title="Invitar a alguien">
        <p className="muted invite-intro">
          La persona recibe un correo con un enlace para elegir su contraseña (vale {LIMITS.staffInvitationHours} horas y sirve una sola
          vez). Si la tienda no tiene correo configurado, la cuenta se crea con una contraseña temporal que se muestra una sola vez.
        </p>
        <InviteForm
          onInvited={(answer) => {
            if (!answer.invitationSent) {
              setInvitation(answer);
              return;
            }
            notice.show({
              kind: 'success',
              text: `Le enviamos a ${answer.staff.email} un correo con el enlace para elegir su contraseña (vale ${LIMITS.staffInvitationHours} horas).`,
            });
          }}
        />
      </DetailCard>
      {notice.message && (
        <div ref={noticeRef}>
          <NoticeBanner notice={notice} />
        </div>
      )}
      <TableCard query={list} texts={TEXTS} empty={staff.length === 0} label="Cuentas del equipo">
        <StaffTable
          staff={staff}
          selfId={selfId}
          busyId={busy && action ? action.member.id : null}
          onAction={(next) => {
            notice.clear();
            setAction(next);
          }}
        />
      </TableCard>
      <RequireTwoFactor />
      {action?.kind === 'delete' ? (
        <DeleteDialog
          what={{
            title: 'Eliminar cuenta',
            confirmLabel: 'Eliminar',
            subject: `la cuenta de ${action.member.name} (${action.member.email})`,
          }}
          busy={remove.isPending}
          onConfirm={confirm}
          onCancel={cancel}
        />
      ) : (
        action && (
          <ConfirmDialog
            danger={false}
            {...confirmation(action, String(action.member.id) === selfId)}
            busy={update.isPending}
            busyLabel="Guardando..."
            onConfirm={confirm}
            onCancel={cancel}
          />
        )
      )}
      {invitation && <TemporaryPasswordDialog invitation={invitation} onClose={() => setInvitation(null)} />}
    </div>
  );
}
