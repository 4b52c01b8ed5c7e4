import Redis from 'ioredis';

/** Deletes the keys a run kept in Redis under `prefix` (its rate-limit counters), so that none outlive it. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  const keys = await redis.keys(`${prefix}-*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}
