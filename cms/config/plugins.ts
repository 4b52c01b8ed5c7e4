import { secret } from '../src/domains/platform';
import { mailSettings, nodemailerOptions } from '../src/domains/platform';

// Mail goes out through SMTP (SMTP_HOST and friends) from the outbox worker; without SMTP_HOST nothing is sent and
// the messages wait in the outbox.
const mail = mailSettings();

export default () => ({
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
      // At most a working day; the back office renews the token while it is open (POST /api/auth/renew).
      jwt: { expiresIn: '8h' },
    },
  },
  ...(mail.host
    ? {
        email: {
          config: {
            provider: 'nodemailer',
            providerOptions: nodemailerOptions(mail),
            settings: { defaultFrom: mail.from, defaultReplyTo: mail.from },
          },
        },
      }
    : {}),
  upload: {
    config: {
      provider: 'local',
      sizeLimit: 5 * 1024 * 1024,
    },
  },
});
