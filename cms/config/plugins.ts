import { secret } from '../src/utils/secrets';

export default () => ({
  'users-permissions': {
    config: {
      jwtSecret: secret('JWT_SECRET'),
      jwt: { expiresIn: '7d' },
    },
  },
  upload: {
    config: {
      provider: 'local',
      sizeLimit: 5 * 1024 * 1024,
    },
  },
});
