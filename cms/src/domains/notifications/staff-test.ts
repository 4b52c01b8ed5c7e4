import { formatShopDateTime, staffTestMail, type EmailMessage } from '@shop/shared';
import { shopBaseUrl } from '../../utils/public-url';
import { shopOf } from './order-notices';
import { enqueueMail } from './outbox-store';

/** Queues the "correo de prueba" to a staff member's own address; the outbox worker sends it like any other mail. */
export async function queueStaffTest(to: string, requestedBy: string, origin: string | null): Promise<EmailMessage> {
  const content = await strapi.service('api::site-content.site-content').getContent();
  const mail = staffTestMail({
    shop: shopOf(content),
    requestedBy,
    requestedAt: formatShopDateTime(Date.now()),
    emailsUrl: `${shopBaseUrl(origin)}/admin/emails`,
  });
  return enqueueMail({ to, kind: 'staff_test', ...mail, orderDocumentId: null, orderNumber: null });
}
