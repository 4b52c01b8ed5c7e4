import { isProduction } from '../platform';

/** bcrypt's cost for the accounts' passwords: users-permissions' own (10), the one production always uses. */
export const PASSWORD_HASH_ROUNDS = 10;

/**
 * The cost the shop hashes new passwords with: PASSWORD_HASH_ROUNDS outside production, where the tests set it low
 * (4: a sign-in then costs about 2 ms of CPU instead of 100, and the API tests sign in and invite staff in nearly
 * every file), from 4 to 12; in production always 10, whatever the variable says. A password hashed with one cost
 * is checked with the cost written in its hash.
 */
export function passwordHashRounds(env: NodeJS.ProcessEnv = process.env, production: boolean = isProduction()): number {
  const raw = (env.PASSWORD_HASH_ROUNDS ?? '').trim();
  if (production || !/^\d{1,2}$/.test(raw)) return PASSWORD_HASH_ROUNDS;
  const rounds = Number(raw);
  return rounds >= 4 && rounds <= 12 ? rounds : PASSWORD_HASH_ROUNDS;
}
