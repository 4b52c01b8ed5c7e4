import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, MSG, SHOP_BRAND, emailListAnswerSchema, formatPrice, type EmailMessage, type Order } from '@shop/shared';
import { knexOn } from '../helpers/database';
import { adminTokenAt, api, type CallOptions } from '../helpers/api';
import { SHOPPER, createProduct, orderBody, uploadProof, type TestProduct } from '../helpers/orders';
import { TestSmtp, type ReceivedMail } from '../helpers/smtp';
import { waitFor } from '../helpers/wait-for';
import { createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

// A shop of its own, sending through a real SMTP server in this test process. The worker looks every 200 ms and
// retries after 400 ms, 800 ms, ... so an outage and its recovery fit in seconds.
const OWNER = 'duena@tienda.test';
let smtp: TestSmtp;
let database: TestDatabase;
let shop: RunningStrapi;
let token: string;
let product: TestProduct;

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });

async function place(extra: Record<string, unknown> = {}, email = SHOPPER.email): Promise<Order> {
  const body = orderBody([{ productId: product._id, quantity: 2, size: 'M', color: 'Negro' }], extra);
  body.shippingInfo = { ...SHOPPER, email };
  const res = await call('/orders', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.order;
}

async function emailsOf(order: Order): Promise<EmailMessage[]> {
  const res = await call(`/emails?order=${order._id}`, { token });
  expect(res.status).toBe(200);
  return emailListAnswerSchema.parse(res.body).emails;
}

const forOrder = (order: Order) => (mail: ReceivedMail) => mail.subject.includes(order.orderNumber);

beforeAll(async () => {
  smtp = new TestSmtp();
  await smtp.start();
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  shop = await startStrapi(database, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'false',
    MAIL_FROM: 'Jazmín Lencería <pedidos@tienda.test>',
    OWNER_EMAIL: OWNER,
    MAIL_WORKER_INTERVAL_MS: '200',
    MAIL_RETRY_BASE_MS: '400',
    // The sweep of unpaid orders every second with its clock 50 s ahead: a one-minute hold ends within 10 s.
    ORDER_HOLD_SWEEP_CRON: '* * * * * *',
    ORDER_HOLD_CLOCK_OFFSET_SECONDS: '50',
    RATE_LIMIT_ORDERS_MAX: '100000',
    RATE_LIMIT_UPLOADS_MAX: '100000',
    CHECKOUT_SWEEP_EVERY_MS: '300',
  });
  token = await adminTokenAt(shop.url);
  product = await createProduct({ stock: 100, price: 12500, title: 'Conjunto Jazmín Encaje' }, { baseUrl: shop.url, token });
  const content = (await call('/content')).body.content;
  content.checkout.paymentInfo.bankTransfer = {
    ...content.checkout.paymentInfo.bankTransfer,
    enabled: true,
    bankName: 'Banco Patagonia',
    cbu: '0340000000000000000001',
    alias: 'JAZMIN.LENCERIA',
  };
  content.checkout.paymentInfo.cashOnDelivery.enabled = true;
  const saved = await call('/content', { method: 'PUT', body: content, token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
  await smtp?.stop();
});

describe('order mail through a real SMTP server', () => {
  it('sends the shopper the order received (items, es-AR totals, bank details, tracking link) and the owner the new order', async () => {
    const order = await place({ paymentMethod: 'transfer', deliveryType: 'delivery' }, 'ana.transfer@example.com');
    const mails = await smtp.waitFor(forOrder(order), 2);
    const shopper = mails.find((m) => m.to === 'ana.transfer@example.com');
    const owner = mails.find((m) => m.to === OWNER);
    expect(shopper?.subject).toBe(`Recibimos tu pedido ${order.orderNumber} · Jazmín Lencería`);
    expect(shopper?.from).toContain('pedidos@tienda.test');
    for (const part of [shopper?.text ?? '', shopper?.html ?? '']) {
      expect(part).toContain(order.orderNumber);
      // PostgreSQL writes the number into the mails in the statement that gives it (held-writes.ts): none is left out.
      expect(part).not.toMatch(/NUMERO[0-9A-F]{12}PENDIENTE/);
      expect(part).toContain('2 × Conjunto Jazmín Encaje (talle M, color Negro)');
      expect(part).toContain(formatPrice(order.total));
      expect(part).toContain('0340000000000000000001');
      expect(part).toContain('Reservamos tus productos hasta el');
    }
    expect(order.total).toBeGreaterThanOrEqual(25_000);
    expect(shopper?.text).toContain(`${shop.url}/track-order?n=${order.orderNumber}`);
    expect(owner?.subject).toBe(`Nuevo pedido ${order.orderNumber} · ${formatPrice(order.total)}`);
    expect(owner?.html).toContain(`${shop.url}/admin/orders/${order._id}`);
    const listed = await emailsOf(order);
    expect(listed.map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(listed.every((m) => m.sentAt !== null && m.attempts === 1)).toBe(true);
  });

  it('tells the owner a proof came with the order, and the shopper when it is rejected (with the reason), via PUT status', async () => {
    const proof = await uploadProof(shop.url);
    const order = await place({ paymentMethod: 'transfer', transferProofUrl: proof }, 'bea.proof@example.com');
    expect(order.status).toBe('pending_transfer_confirmation');
    const notices = await smtp.waitFor((m) => forOrder(order)(m) && m.to === OWNER, 2);
    expect(notices.map((m) => m.subject)).toContain(`Comprobante para verificar · Pedido ${order.orderNumber}`);
    const res = await call(`/orders/${order._id}/status`, {
      method: 'PUT',
      body: { status: 'pending_transfer_proof', reason: 'El monto no coincide <b>con el total</b>' },
      token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [rejected] = await smtp.waitFor((m) => forOrder(order)(m) && m.subject.startsWith('Necesitamos otro comprobante'));
    expect(rejected?.to).toBe('bea.proof@example.com');
    expect(rejected?.text).toContain('Motivo: El monto no coincide <b>con el total</b>');
    expect(rejected?.html).toContain('Motivo: El monto no coincide &lt;b&gt;con el total&lt;/b&gt;');
  });

  it('tells the shopper of paid, confirmed, cancelled (with the reason) and refunded, and not of other changes', async () => {
    const cash = await place({}, 'carla.cash@example.com');
    expect((await call(`/orders/${cash._id}/confirm`, { method: 'PATCH', token })).status).toBe(200);
    await smtp.waitFor((m) => forOrder(cash)(m) && m.subject.startsWith('Tu pedido está confirmado'));
    const steps: [string, string, string | undefined][] = [
      ['paid', 'Recibimos tu pago', undefined],
      ['refunded', 'Te reintegramos el pago', undefined],
      ['pending_manual', '', undefined],
      ['cancelled', 'Tu pedido fue cancelado', 'Sin stock del talle'],
    ];
    for (const [status, subject, reason] of steps) {
      const res = await call(`/orders/${cash._id}/status`, { method: 'PUT', body: { status, ...(reason ? { reason } : {}) }, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (subject) await smtp.waitFor((m) => forOrder(cash)(m) && m.subject.startsWith(subject));
    }
    const cancelled = smtp.received.find((m) => forOrder(cash)(m) && m.subject.startsWith('Tu pedido fue cancelado'));
    expect(cancelled?.text).toContain('Motivo: Sin stock del talle');
    // Received, owner's notice, confirmed, paid, refunded, cancelled: back to pending_manual sent nothing.
    const kinds = (await emailsOf(cash)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['order_cancelled', 'order_confirmed', 'order_paid', 'order_received', 'order_refunded', 'owner_new_order']);
  });

  it('keeps the message through an SMTP outage and delivers it once the server is back', async () => {
    await smtp.stop();
    const started = Date.now();
    const order = await place({}, 'dana.outage@example.com');
    // Placing the order did not wait for the mail server.
    expect(Date.now() - started).toBeLessThan(10_000);
    const retrying = await waitFor(
      'a failed attempt recorded',
      () => emailsOf(order),
      (list) => list.length === 2 && list.every((m) => m.status === 'pending' && m.attempts >= 1 && m.lastError !== null),
      { timeoutMs: 20_000, everyMs: 200 },
    );
    expect(retrying.every((m) => m.nextAttemptAt !== null)).toBe(true);
    expect(smtp.received.some(forOrder(order))).toBe(false);
    await smtp.start();
    const arrived = await smtp.waitFor(forOrder(order), 2, 30_000);
    expect(arrived.map((m) => m.to).sort()).toEqual(['dana.outage@example.com', OWNER]);
    const sent = await waitFor(
      'both marked sent',
      () => emailsOf(order),
      (l) => l.every((m) => m.status === 'sent'),
      {
        timeoutMs: 10_000,
        everyMs: 200,
      },
    );
    expect(sent.every((m) => m.attempts >= 2)).toBe(true);
  });

  it('resends a message on request: it arrives again', async () => {
    const order = await place({}, 'eli.resend@example.com');
    await smtp.waitFor((m) => forOrder(order)(m) && m.to === 'eli.resend@example.com');
    const receipt = (await emailsOf(order)).find((m) => m.kind === 'order_received');
    const res = await call(`/emails/${receipt?.id}/resend`, { method: 'POST', token });
    expect(res.status).toBe(200);
    expect(res.body.email.status).toBe('pending');
    await smtp.waitFor((m) => forOrder(order)(m) && m.to === 'eli.resend@example.com', 2);
  });

  it('tells the shopper when the hold sweep cancels an unpaid order (last: it sets a one-minute hold on cash orders)', async () => {
    const content = (await call('/content')).body.content;
    content.checkout.paymentInfo.cashOnDelivery.reservationMinutes = 1;
    expect((await call('/content', { method: 'PUT', body: content, token })).status).toBe(200);
    const order = await place({}, 'flor.hold@example.com');
    const [cancelled] = await smtp.waitFor((m) => forOrder(order)(m) && m.subject.startsWith('Tu pedido fue cancelado'), 1, 30_000);
    expect(cancelled?.to).toBe('flor.hold@example.com');
    expect(cancelled?.text).toMatch(/Motivo: La reserva de tus productos venció el .+ sin recibir el pago\./);
  });
});

describe('staff invitations by e-mail (the shop has a mail server)', () => {
  let invited = 0;
  /** Invites a salesperson; answers her e-mail and the token of the link her invitation e-mail carries. */
  async function invite(): Promise<{ email: string; mail: ReceivedMail; link: string }> {
    invited += 1;
    const email = `invitada-${invited}-${Date.now().toString(36)}@example.com`;
    const res = await call('/staff', { token, body: { name: `Invitada ${invited}`, email, role: 'sales' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ staff: expect.objectContaining({ email, role: 'sales' }), invitationSent: true });
    const [mail] = await smtp.waitFor((m) => m.to === email, 1);
    const found = new RegExp(`${shop.url}/admin/invitation#([A-Za-z0-9._-]+)`).exec(mail?.text ?? '');
    expect(found, mail?.text).not.toBeNull();
    return { email, mail: mail!, link: decodeURIComponent(found![1]!) };
  }
  const accept = (body: unknown) => call('/auth/invitation', { body });
  const signIn = (email: string, password: string) => call('/auth/login', { body: { email, password } });
  /** A link refused in Spanish with `message`: the password it carried does not sign in. */
  const expectRefused = async (token: string, email: string, password: string, message: string) => {
    const answer = await accept({ token, password });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect((await signIn(email, password)).status).toBe(401);
  };

  it('e-mails a one-time link (never a password) and stores only its hash; the link sets her own password once', async () => {
    const { email, mail, link } = await invite();
    expect(mail.subject).toContain(SHOP_BRAND);
    expect(mail.text).toContain(`${LIMITS.staffInvitationHours} horas`);
    expect(mail.text).not.toMatch(/contraseña temporal/i);
    const listed = await call('/emails?status=sent', { token });
    expect(listed.body.emails.some((m: EmailMessage) => m.to === email && m.kind === 'staff_invitation')).toBe(true);

    const secret = link.split('.')[1] ?? '';
    const db = knexOn(database.env);
    try {
      const row = await db('up_users').where({ email }).first('invitation_token', 'invitation_until');
      expect(row.invitation_token).toBe(createHash('sha256').update(secret).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(secret);
      const hoursLeft = (new Date(Number(row.invitation_until) || row.invitation_until).getTime() - Date.now()) / 3_600_000;
      expect(hoursLeft).toBeGreaterThan(LIMITS.staffInvitationHours - 1);
      expect(hoursLeft).toBeLessThanOrEqual(LIMITS.staffInvitationHours);
    } finally {
      await db.destroy();
    }

    // Three tabs send the link at once: exactly one sets the password.
    const password = 'Mi-clave-propia-1';
    const racing = await Promise.all([1, 2, 3].map(() => accept({ token: link, password })));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(racing.find((r) => r.status === 200)?.body).toEqual({ message: MSG.invitation.accepted });
    expect(racing.find((r) => r.status === 400)?.body.message).toBe(MSG.invitation.invalid);

    const session = await signIn(email, password);
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.user.mustChangePassword).toBeUndefined();
    expect((await call('/orders', { token: session.body.token })).status).toBe(200);
    // A second use is refused in Spanish, and the password stays hers.
    await expectRefused(link, email, 'Otra-clave-2026', MSG.invitation.invalid);
  });

  it('refuses an expired link in Spanish', async () => {
    const { email, link } = await invite();
    const db = knexOn(database.env);
    try {
      await db('up_users')
        .where({ email })
        .update({ invitation_until: new Date(Date.now() - 1000) });
    } finally {
      await db.destroy();
    }
    await expectRefused(link, email, 'Mi-clave-propia-1', MSG.invitation.expired);
  });

  it('refuses junk, a forged or altered token, and a password that breaks the rules (with or without a token header)', async () => {
    const { email, link } = await invite();
    const [id, secret = ''] = link.split('.');
    const altered = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const otherAccount = `${Number(id) - 1}.${secret}`;
    for (const body of [
      {},
      { token: link },
      { password: 'Mi-clave-1' },
      { token: 12, password: 'Mi-clave-1' },
      { token: link, password: '12' },
    ]) {
      expect((await accept(body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const forged of [altered, otherAccount, 'x', `${id}.`, `${id}`, '1.'.repeat(60)]) {
      const res = await accept({ token: forged, password: 'Mi-clave-propia-1' });
      expect(res.status, forged).toBe(400);
      expect(res.body.message).toBe(MSG.invitation.invalid);
    }
    // A signed-in owner's token or a garbage one changes nothing: the link alone decides.
    for (const header of [token, 'garbage.token.value']) {
      const res = await call('/auth/invitation', { token: header, body: { token: altered, password: 'Mi-clave-propia-1' } });
      expect(res.status).toBe(400);
    }
    // The real link still works after all that.
    expect((await accept({ token: link, password: 'Mi-clave-propia-1' })).status).toBe(200);
    expect((await signIn(email, 'Mi-clave-propia-1')).status).toBe(200);
  });
});

describe('a mail that is not about an order in progress', () => {
  it("carries a one-click unsubscribe (RFC 8058) that a mail client's POST honours at once", async () => {
    const to = `carrito.${Date.now()}@example.com`;
    const draftToken = randomBytes(24).toString('base64url');
    const content = (await call('/content')).body.content;
    content.checkout.abandonedEmailEnabled = true;
    content.checkout.abandonedEmailAfterHours = 0;
    expect((await call('/content', { method: 'PUT', body: content, token })).status).toBe(200);
    try {
      const draft = await call(`/checkouts/${draftToken}`, {
        method: 'PUT',
        body: {
          items: [{ productId: product._id, quantity: 1, size: 'M', color: 'Negro' }],
          email: to,
          fullName: 'Lucía Carrito',
          deliveryType: 'pickup',
        },
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(200);
      const [mail] = await smtp.waitFor((m) => m.to === to, 1);
      const expected = `${shop.url}/api/checkouts/unsubscribe?token=${draftToken}`;
      expect(mail!.headers['list-unsubscribe']).toBe(`<${expected}>`);
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      // What a mail client sends (RFC 8058 §3.1): a form POST with nothing but the one-click key, no cookie, no page.
      const oneClick = await fetch(expected, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect((await call(`/checkouts/${draftToken}`)).status).toBe(404);
      // The form without the one-click key does not unsubscribe from the address alone.
      const other = randomBytes(24).toString('base64url');
      const plain = await fetch(`${shop.url}/api/checkouts/unsubscribe?token=${other}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'x=1',
      });
      expect(plain.status).toBe(400);
    } finally {
      content.checkout.abandonedEmailEnabled = false;
      expect((await call('/content', { method: 'PUT', body: content, token })).status).toBe(200);
    }
  });
});

describe("her account's sign-in code by e-mail", () => {
  it('arrives with the 6 digits in its body (never its subject), signs her in, and the sent message keeps no code', async () => {
    const email = `codigo.${Date.now().toString(36)}@example.com`;
    expect((await call('/account/code', { body: { email } })).status).toBe(202);
    const [mail] = await waitFor(
      'the code mail',
      async () => smtp.received.filter((m) => m.to.includes(email)),
      (list) => list.length === 1,
      { timeoutMs: 15_000, everyMs: 100 },
    );
    const code = /\b(\d{6})\b/.exec(mail!.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.subject).not.toMatch(/\d{6}/);
    const db = knexOn(database.env);
    try {
      const row = await waitFor(
        'the sent message blanked',
        () => db('email_outboxes').where({ to: email, kind: 'account_code' }).first('status', 'text', 'html'),
        (r) => r?.status === 'sent',
        { timeoutMs: 10_000, everyMs: 100 },
      );
      expect(`${row.text} ${row.html}`).not.toContain(code);
    } finally {
      await db.destroy();
    }
    const signedIn = await call('/account/session', { body: { email, code } });
    expect(signedIn.status).toBe(200);
  });
});
