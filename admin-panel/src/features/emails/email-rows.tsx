import { Link } from 'react-router-dom';
import { Send } from 'lucide-react';
import { EMAIL_KIND_LABELS, EMAIL_STATUS_LABELS, LIMITS, type EmailMessage } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { RowActionButton } from '@/components/row-action-button';
import { paths } from '@/config/paths';
import { DataTable } from '@/components/data-table';
import { NoticeBanner } from '@/components/notice-banner';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { formatDateTime as when } from '@/lib/format-date';
import { useResendEmail } from './api/email-queries';

/** Why a message is where it is, in words: sent when, waiting for what, or why it failed. */
function statusDetail(email: EmailMessage, mailConfigured: boolean): string {
  if (email.status === 'sent') return `Enviado el ${when(email.sentAt)}`;
  if (email.status === 'failed') return `Falló tras ${email.attempts} intentos: ${email.lastError ?? 'error desconocido'}`;
  if (!mailConfigured) return 'Sin servidor de correo configurado';
  if (email.attempts > 0) return `Reintento ${when(email.nextAttemptAt)} · ${email.lastError ?? ''}`;
  return 'En cola para enviar';
}

interface EmailRowsProps {
  emails: EmailMessage[];
  mailConfigured: boolean;
  /** The order column (the Correos page); an order's own section leaves it out. */
  showOrder: boolean;
  testId: string;
}

/** The outbox as a table: when, to whom, what, its state and why, and 'Reenviar'. */
export function EmailRows({ emails, mailConfigured, showOrder, testId }: EmailRowsProps) {
  const resend = useResendEmail();
  const notice = useTimedMessage();

  function resendOne(email: EmailMessage) {
    resend.mutate(email.id, {
      onSuccess: () => notice.show({ kind: 'success', text: `Correo a ${email.to} en cola para reenviarse.` }, LIMITS.bannerMs),
      onError: (error) => notice.show({ kind: 'error', text: `No se pudo reenviar: ${errorMessage(error)}` }),
    });
  }

  const columns = showOrder ? ['Fecha', 'Para', 'Asunto', 'Orden', 'Estado', 'Acciones'] : ['Correo', 'Estado', 'Acciones'];
  return (
    <>
      <NoticeBanner notice={notice} />
      <DataTable testId={testId} caption="Correos de la tienda" columns={columns}>
        {emails.map((email) => {
          const subject = (
            <div className="email-stack">
              <strong>{email.subject}</strong>
              <span className="cell-sub">{EMAIL_KIND_LABELS[email.kind]}</span>
              {!showOrder && (
                <span className="cell-sub">
                  Para {email.to} · {when(email.createdAt)}
                </span>
              )}
            </div>
          );
          return (
            <tr key={email.id} data-testid={`email-row-${email.id}`}>
              {showOrder && (
                <>
                  <td data-label="Fecha" className="nowrap">
                    {when(email.createdAt)}
                  </td>
                  <td data-label="Para" className="nowrap">
                    {email.to}
                  </td>
                </>
              )}
              <td data-label={showOrder ? 'Asunto' : 'Correo'}>{subject}</td>
              {showOrder && (
                <td data-label="Orden" className="nowrap">
                  {email.orderId && email.orderNumber ? (
                    <Link to={paths.order(email.orderId)}>#{email.orderNumber}</Link>
                  ) : (
                    // Not every message is about an order (a size back in stock, for one).
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">Sin orden</span>
                    </>
                  )}
                </td>
              )}
              <td data-label="Estado">
                <div className="email-stack">
                  <span className={`badge email-${email.status}`}>{EMAIL_STATUS_LABELS[email.status]}</span>
                  <span className="cell-sub email-detail">{statusDetail(email, mailConfigured)}</span>
                </div>
              </td>
              <td data-label="Acciones">
                <RowActionButton
                  icon={Send}
                  label={`Reenviar correo "${email.subject}" a ${email.to}`}
                  onClick={() => resendOne(email)}
                  disabled={resend.isPending && resend.variables === email.id}
                >
                  Reenviar
                </RowActionButton>
              </td>
            </tr>
          );
        })}
      </DataTable>
    </>
  );
}
