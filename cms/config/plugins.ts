import { secret } from '../src/utils/secrets';

export default () => ({
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
      // At most a working day; the back office renews the token while it is open (POST /api/auth/renew).
      jwt: { expiresIn: '8h' },
    },
  },
  upload: {
    config: {
      provider: 'local',
      sizeLimit: 5 * 1024 * 1024,
    },
  },
});
