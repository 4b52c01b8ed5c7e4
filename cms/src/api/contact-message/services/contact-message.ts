import { factories } from '@strapi/strapi';
import type { z } from 'zod';
import type { contactInputSchema } from '@shop/shared';

type ContactInput = z.infer<typeof contactInputSchema>;

export default factories.createCoreService('api::contact-message.contact-message', ({ strapi }) => ({
  /** Stores the message for the staff (visible in Strapi's panel under "Mensaje de contacto"). */
  async submit(input: ContactInput): Promise<void> {
    await strapi.db.query('api::contact-message.contact-message').create({
      data: { ...input, phone: input.phone ?? '', read: false, publishedAt: new Date() },
    });
  },
}));
