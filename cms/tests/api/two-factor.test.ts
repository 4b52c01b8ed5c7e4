import { describe, expect, it } from 'vitest';
import { adminToken, api } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { inviteStaffMember } from '../helpers/staff';
import { TOTP, URI } from 'otpauth';
import { SHOP_BRAND } from '@shop/shared';
import { base32Encode, hotp, totpAt } from '../../src/domains/staff/totp';

/** Two-factor sign-in with any authenticator app: codes computed here exactly as an app does (RFC 6238). */

describe('the TOTP the server checks', () => {
  it('matches the RFC 6238 test vectors (SHA-1, 8 digits)', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpAt(secret, seconds * 1000, 8), String(seconds)).toBe(code);
    // RFC 4226 appendix D: HOTP of counters 0 and 9, 6 digits.
    expect(hotp(Buffer.from('12345678901234567890'), 0)).toBe('755224');
    expect(hotp(Buffer.from('12345678901234567890'), 9)).toBe('520489');
  });
});

const STEP_MS = 30_000;
/** A code of the step after the current one (accepted within ±1 step) when `offset` is 1, and so on. */
const codeAt = (secret: string, offset = 0) => totpAt(secret, Date.now() + offset * STEP_MS);

async function signIn(email: string, password: string) {
  return api('/auth/login', { body: { email, password } });
}

describe('two-factor sign-in', () => {
  it('is set up with a code from the app, then every sign-in asks for a code, each code once', async () => {
    const staff = await inviteStaffMember(await adminToken(), 'sales');
    const password = 'Clave-sales-2026';
    const setup = await api('/auth/2fa/setup', { method: 'POST', token: staff.token, body: {} });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+[?&]secret=[A-Z2-7]+/);
    const secret: string = setup.body.secret;
    // The address an app scans holds that very key, for this account, with the standard parameters.
    const scanned = URI.parse(setup.body.otpauthUrl);
    expect(scanned).toBeInstanceOf(TOTP);
    expect(scanned).toMatchObject({ label: staff.email, issuer: SHOP_BRAND, algorithm: 'SHA1', digits: 6, period: 30 });
    expect(scanned.secret.base32).toBe(secret);
    const wrong = await api('/auth/2fa/enable', { method: 'POST', token: staff.token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    const on = await api('/auth/2fa/enable', { method: 'POST', token: staff.token, body: { code: codeAt(secret) } });
    expect(on.status).toBe(200);
    const recovery: string[] = on.body.recoveryCodes;
    expect(recovery).toHaveLength(8);
    expect(new Set(recovery).size).toBe(8);

    const first = await signIn(staff.email, password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.body.token).toBeUndefined();
    const bad = await api('/auth/2fa/verify', { body: { challenge: first.body.challenge, code: '123456' } });
    expect(bad.status).toBe(401);
    const code = codeAt(secret, 1);
    const ok = await api('/auth/2fa/verify', { body: { challenge: first.body.challenge, code } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.user).toMatchObject({ email: staff.email, staffRole: 'sales', twoFactorEnabled: true });
    expect((await api('/orders', { token: ok.body.token })).status).toBe(200);
    // The challenge was single use; the same code (or an older one) never works twice.
    expect((await api('/auth/2fa/verify', { body: { challenge: first.body.challenge, code } })).status).toBe(401);
    const second = await signIn(staff.email, password);
    expect((await api('/auth/2fa/verify', { body: { challenge: second.body.challenge, code } })).status).toBe(401);
    expect((await api('/auth/2fa/verify', { body: { challenge: second.body.challenge, code: codeAt(secret, -1) } })).status).toBe(401);
    // A recovery code works once.
    const recovered = await api('/auth/2fa/verify', { body: { challenge: second.body.challenge, code: recovery[0] } });
    expect(recovered.status).toBe(200);
    const third = await signIn(staff.email, password);
    expect((await api('/auth/2fa/verify', { body: { challenge: third.body.challenge, code: recovery[0] } })).status).toBe(401);
    expect((await api('/staff', { token: await adminToken() })).body.staff.find((s: { id: number }) => s.id === staff.id)).toMatchObject({
      twoFactorEnabled: true,
    });

    // Off with the password and a code; every session ends.
    const token = recovered.body.token;
    const noPassword = await api('/auth/2fa/disable', { method: 'POST', token, body: { password: 'otra', code: recovery[1] } });
    expect(noPassword.status).toBe(400);
    const off = await api('/auth/2fa/disable', { method: 'POST', token, body: { password, code: recovery[1] } });
    expect(off.status).toBe(200);
    expect((await api('/orders', { token })).status).toBe(401);
    const plain = await signIn(staff.email, password);
    expect(typeof plain.body.token).toBe('string');
  });

  it('can be required by an owner who has it: staff without it may then only set it up', async () => {
    const firstOwner = await adminToken();
    const staff = await inviteStaffMember(firstOwner, 'catalog');
    // An owner without two-factor sign-in cannot require it (she would lock herself out); staff cannot at all.
    const require = (token: string, on: boolean) => api('/content', { method: 'PUT', token, body: { security: { requireTwoFactor: on } } });
    expect((await require(firstOwner, true)).status).toBe(400);
    expect((await require(staff.token, true)).status).toBe(403);
    // A second owner with two-factor sign-in turns it on.
    const owner = await inviteStaffMember(firstOwner, 'owner');
    const ownerSetup = await api('/auth/2fa/setup', { method: 'POST', token: owner.token, body: {} });
    expect(
      (await api('/auth/2fa/enable', { method: 'POST', token: owner.token, body: { code: codeAt(ownerSetup.body.secret) } })).status,
    ).toBe(200);
    const ownerChallenge = (await signIn(owner.email, 'Clave-owner-2026')).body.challenge;
    const ownerToken: string = (
      await api('/auth/2fa/verify', { body: { challenge: ownerChallenge, code: codeAt(ownerSetup.body.secret, 1) } })
    ).body.token;
    expect((await require(ownerToken, true)).status).toBe(200);
    try {
      await expect.poll(async () => (await api('/products/export.csv', { token: staff.token })).status, { timeout: 5_000 }).toBe(403);
      const refused = await api('/products/export.csv', { token: staff.token });
      expect(refused.body.message).toMatch(/verificación en dos pasos/);
      const setup = await api('/auth/2fa/setup', { method: 'POST', token: staff.token, body: {} });
      expect(setup.status).toBe(200);
      const on = await api('/auth/2fa/enable', { method: 'POST', token: staff.token, body: { code: codeAt(setup.body.secret) } });
      expect(on.status).toBe(200);
      // Its token predates 2FA: a new sign-in with a code opens everything its role allows.
      const challenge = (await signIn(staff.email, 'Clave-catalog-2026')).body.challenge;
      const session = await api('/auth/2fa/verify', { body: { challenge, code: codeAt(setup.body.secret, 1) } });
      expect((await api('/products/export.csv', { token: session.body.token })).status).toBe(200);
    } finally {
      expect((await require(ownerToken, false)).status).toBe(200);
      await expect.poll(async () => (await api('/staff', { token: firstOwner })).status, { timeout: 5_000 }).toBe(200);
      expect((await api(`/staff/${owner.id}`, { method: 'DELETE', token: firstOwner })).status).toBe(200);
    }
  });

  it('lets exactly one of several requests racing with one recovery code through', async () => {
    const staff = await inviteStaffMember(await adminToken(), 'sales');
    const password = 'Clave-sales-2026';
    const setup = await api('/auth/2fa/setup', { method: 'POST', token: staff.token, body: {} });
    const on = await api('/auth/2fa/enable', { method: 'POST', token: staff.token, body: { code: codeAt(setup.body.secret) } });
    expect(on.status).toBe(200);
    const [raced, other] = on.body.recoveryCodes as string[];
    // Twenty at once: on PostgreSQL, without the conditional UPDATE, several of them got in (SQLite's one writer in one
    // process happens to serialise them).
    const RACERS = 20;
    for (let round = 0; round < 3; round += 1) {
      // Each round: one challenge, the same code sent at once by several clients.
      const code = round === 0 ? raced : round === 1 ? other : raced;
      const { challenge } = (await signIn(staff.email, password)).body;
      const answers = await Promise.all(Array.from({ length: RACERS }, () => api('/auth/2fa/verify', { body: { challenge, code } })));
      const statuses = answers.map((a) => a.status).sort();
      // The third round sends a code that was already used: nobody gets in.
      const expected = round === 2 ? Array(RACERS).fill(401) : [200, ...Array(RACERS - 1).fill(401)];
      expect(statuses, `round ${round}`).toEqual(expected);
    }
  });

  it('refuses junk, no token and garbage tokens on its routes', async () => {
    for (const path of ['/auth/2fa/setup', '/auth/2fa/enable', '/auth/2fa/disable']) {
      expect((await api(path, { method: 'POST', body: {} })).status, path).toBe(401);
      expect((await api(path, { method: 'POST', body: {}, token: GARBAGE_TOKEN })).status).toBe(401);
    }
    const owner = await adminToken();
    for (const body of [{}, { code: 'abc' }, { code: 12 }, { code: '1'.repeat(50) }]) {
      expect((await api('/auth/2fa/enable', { method: 'POST', token: owner, body })).status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { challenge: 'x', code: '123456' }, { challenge: '1.abc', code: '123456' }, { challenge: '', code: '' }]) {
      expect([400, 401], JSON.stringify(body)).toContain((await api('/auth/2fa/verify', { body })).status);
    }
  });
});
