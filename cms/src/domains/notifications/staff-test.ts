import { LIMITS, formatShopDateTime, staffInvitationMail, staffTestMail, type EmailMessage, type MailShop } from '@shop/shared';
import { shopBaseUrl } from '../../utils/public-url';
import { shopOf } from './order-notices';
import { enqueueMail } from './outbox-store';

const shop = async (): Promise<MailShop> => shopOf(await strapi.service('api::site-content.site-content').getContent());

/** Queues the "correo de prueba" to a staff member's own address; the outbox worker sends it like any other mail. */
export async function queueStaffTest(to: string, requestedBy: string, origin: string | null): Promise<EmailMessage> {
  const mail = staffTestMail({
    shop: await shop(),
    requestedBy,
    requestedAt: formatShopDateTime(Date.now()),
    emailsUrl: `${shopBaseUrl(origin)}/admin/emails`,
  });
  return enqueueMail({ to, kind: 'staff_test', ...mail, orderDocumentId: null, orderNumber: null });
}

export interface StaffInvitation {
  to: string;
  name: string;
  roleLabel: string;
  /** The invitation's secret token (only its hash is stored); it travels in the link's fragment, never to a server log. */
  token: string;
}

/** Queues a new staff member's invitation: the one-time link to the back office page where she chooses her password. */
export async function queueStaffInvitation(invitation: StaffInvitation, origin: string | null): Promise<EmailMessage> {
  const mail = staffInvitationMail({
    shop: await shop(),
    name: invitation.name,
    roleLabel: invitation.roleLabel,
    acceptUrl: `${shopBaseUrl(origin)}/admin/invitation#${encodeURIComponent(invitation.token)}`,
    validHours: LIMITS.staffInvitationHours,
  });
  return enqueueMail({ to: invitation.to, kind: 'staff_invitation', ...mail, orderDocumentId: null, orderNumber: null });
}
