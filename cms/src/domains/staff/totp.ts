import { randomBytes } from 'node:crypto';
import { sha256Hex } from './one-time-token';
import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP, HMAC-SHA1, 30-second steps, 6 digits): what every
 * authenticator app computes from the secret it scanned. The codes, the base32 secrets and the otpauth:// address
 * come from the `otpauth` library; this module only keeps the shop's rules (±1 step, never a step twice).
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ALGORITHM = 'SHA1';

export function base32Encode(bytes: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

/** HOTP value of one counter (RFC 4226 §5.3), `digits` long. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({ secret: new Secret({ buffer: Uint8Array.from(secret).buffer }), algorithm: ALGORITHM, digits, counter });
}

/** The time step of an instant. */
export function stepAt(ms: number): number {
  return TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: ms });
}

/** The code of an instant (what the app shows then). */
export function totpAt(secretBase32: string, ms: number, digits = TOTP_DIGITS): string {
  return TOTP.generate({ secret: Secret.fromBase32(secretBase32), algorithm: ALGORITHM, digits, period: TOTP_STEP_SECONDS, timestamp: ms });
}

/**
 * The step a code belongs to when it is right within ±1 step of now and newer than the last step accepted (a code
 * is never accepted twice); null otherwise. Each step is compared in constant time by the library.
 */
export function acceptedStep(secretBase32: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = Secret.fromBase32(secretBase32);
  const current = stepAt(now);
  for (const step of [current - 1, current, current + 1]) {
    if (lastStep !== null && step <= lastStep) continue;
    const match = HOTP.validate({ token: code, secret, algorithm: ALGORITHM, digits: TOTP_DIGITS, counter: step, window: 0 });
    if (match === 0) return step;
  }
  return null;
}

/** A new secret (160 bits, the size RFC 4226 recommends), in base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** otpauth://totp/Issuer:account?secret=…: what the QR code holds. */
export function otpauthUrl(secretBase32: string, account: string, issuer: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  }).toString();
}

/** Eight single-use recovery codes (xxxx-xxxx), for a lost phone. Stored only as hashes. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 8 }, () => {
    const text = randomBytes(5).toString('hex');
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return sha256Hex(code.trim().toLowerCase());
}
