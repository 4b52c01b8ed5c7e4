import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { secret } from './secrets';

/**
 * Secrets the shop keeps in its database (ARCA's key, carriers' and channels' credentials and tokens), encrypted with
 * AES-256-GCM under a key derived from ENCRYPTION_KEY and a purpose ("invoicing", "mercadolibre", …), so that a value
 * sealed for one purpose does not open under another. Stored as `v1:` + base64(iv · tag · ciphertext).
 */
const PREFIX = 'v1:';

function keyFor(purpose: string): Buffer {
  return createHash('sha256')
    .update(`${purpose}:${secret('ENCRYPTION_KEY')}`)
    .digest();
}

export function sealSecret(purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The plain text of a sealed value; throws when it was not sealed for this purpose with this ENCRYPTION_KEY. */
export function openSecret(purpose: string, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('Unknown encrypted value');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(purpose), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
