import type { Context } from 'koa';
import { requireAdmin } from '../utils/auth';

/** Route policy for every admin endpoint: throws 401/403 (answered in Spanish by the api-errors middleware). */
export default async (policyContext: Context) => {
  await requireAdmin(policyContext);
  return true;
};
