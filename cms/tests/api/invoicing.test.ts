import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import forge from 'node-forge';
import { PDFParse } from 'pdf-parse';
import type { SiteContent } from '@shop/shared';
import { startFakeArca, type FakeArca } from '../../../scripts/fake-arca.mjs';
import { adminTokenAt, api, shopperToken, type CallOptions } from '../helpers/api';
import { GARBAGE_TOKEN } from '../helpers/auth-matrix';
import { knexOn } from '../helpers/database';
import { ownerWithTwoFactor, qrPayloadOf, SETTINGS, waitUntil } from '../helpers/invoicing';
import { SHOPPER, createProduct, orderBody, type TestProduct } from '../helpers/orders';
import { inviteStaff } from '../helpers/staff';
import { createTestDatabase, startStrapi, type RunningStrapi, type TestDatabase } from '../helpers/strapi-process';

/**
 * Electronic invoices through ARCA against the fake (scripts/fake-arca.mjs): setup, the certificate, WSAA's shared
 * ticket, consecutive numbers, reconciliation after a lost answer and a crash, outages, credit notes, the QR and
 * the PDF, and who may do what.
 */
let fake: FakeArca;
let shop: RunningStrapi;
// A database of its own: every paid order of the shared one would queue an invoice and take ARCA's numbers.
let database: TestDatabase;
const testDatabase = () => knexOn(database.env);
let firstOwner: string;
let owner: string;
let product: TestProduct;
let originalContent: SiteContent;
const POINT = {
  id: 'punto-facturas',
  title: 'Punto Facturas',
  address: 'Av. Olascoaga 410',
  schedule: 'Lun a Sáb',
  notes: '',
  enabled: true,
};

const call = (pathname: string, options: CallOptions = {}) => api(pathname, { baseUrl: shop.url, ...options });
const asOwner = (pathname: string, options: CallOptions = {}) => call(pathname, { token: owner, ...options });
const control = async (path: string, body: unknown = {}) =>
  (await fetch(`${fake.url}/__control/${path}`, { method: 'POST', body: JSON.stringify(body) })).json();

async function paidOrder(): Promise<{ id: string; orderNumber: string; total: number }> {
  const res = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }], { meetingPointId: POINT.id }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const order = res.body.order;
  const paid = await call(`/orders/${order._id}/status`, { method: 'PUT', token: firstOwner, body: { status: 'paid' } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { id: order._id, orderNumber: order.orderNumber, total: order.total };
}
const invoiceOf = async (id: string) => (await asOwner(`/orders/${id}/invoice`)).body.invoice;
const authorized = (id: string) =>
  waitUntil(
    () => invoiceOf(id),
    (i) => i.status === 'authorized',
  );

/** One DER element at `at`: its tag and where its content starts and ends (definite lengths, as DER has). */
function derElement(der: Buffer, at: number): { tag: number; start: number; end: number } {
  const tag = der[at] ?? -1;
  let length = der[at + 1] ?? 0;
  let start = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + (der[start + i] ?? 0);
    start += bytes;
  }
  return { tag, start, end: start + length };
}

function derChildren(der: Buffer, parent: { start: number; end: number }) {
  const children = [];
  for (let at = parent.start; at < parent.end; ) {
    const child = derElement(der, at);
    children.push(child);
    at = child.end;
  }
  return children;
}

const SUBJECT_OIDS: Record<string, string> = { '550406': 'C', '55040a': 'O', '550403': 'CN', '550405': 'serialNumber' };

/** A CSR's subject read from its DER (CertificationRequest → info → subject): each field's string tag and bytes. */
function subjectFieldsOf(der: Buffer): Record<string, { tag: number; bytes: Buffer }> {
  const info = derChildren(der, derElement(der, 0))[0];
  const subject = info ? derChildren(der, info)[1] : undefined;
  if (!subject) throw new Error('CSR without a subject');
  const fields: Record<string, { tag: number; bytes: Buffer }> = {};
  for (const set of derChildren(der, subject)) {
    for (const pair of derChildren(der, set)) {
      const [oid, value] = derChildren(der, pair);
      if (!oid || !value) continue;
      const name = SUBJECT_OIDS[der.subarray(oid.start, oid.end).toString('hex')] ?? der.subarray(oid.start, oid.end).toString('hex');
      fields[name] = { tag: value.tag, bytes: Buffer.from(der.subarray(value.start, value.end)) };
    }
  }
  return fields;
}

beforeAll(async () => {
  fake = await startFakeArca();
  database = await createTestDatabase(inject('databaseKind'), { seeded: true });
  shop = await startStrapi(database, {
    RATE_LIMIT_ORDERS_MAX: '100000',
    ARCA_WSAA_URL: fake.wsaaUrl,
    ARCA_WSFE_URL: fake.wsfeUrl,
    ARCA_SWEEP_MS: '400',
    ARCA_RETRY_MS: '300',
    ARCA_TIMEOUT_MS: '3000',
  });
  firstOwner = await adminTokenAt(shop.url);
  owner = await ownerWithTwoFactor(firstOwner, shop.url);
  originalContent = (await call('/content')).body.content;
  const content = structuredClone(originalContent);
  content.checkout.deliveryInfo.meetingPoint = { ...content.checkout.deliveryInfo.meetingPoint, enabled: true };
  content.checkout.deliveryInfo.meetingPoints = [POINT];
  content.checkout.paymentInfo.cashOnDelivery = { ...content.checkout.paymentInfo.cashOnDelivery, enabled: true, additionalFee: 0 };
  expect((await call('/content', { method: 'PUT', token: firstOwner, body: content })).status).toBe(200);
  product = await createProduct({ stock: 500, price: 12100 }, { baseUrl: shop.url, token: firstOwner });
}, 240_000);

afterAll(async () => {
  await shop?.stop();
  await fake?.close();
  await database?.drop();
});

describe('setup: settings, key, certificate', () => {
  it('refuses wrong settings in Spanish naming the field, and an owner without two-factor sign-in', async () => {
    const bad = await asOwner('/invoicing/settings', { method: 'PUT', body: { ...SETTINGS, cuit: '20-12345678-5' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^CUIT: no es válido/);
    const pos = await asOwner('/invoicing/settings', { method: 'PUT', body: { ...SETTINGS, pointOfSale: 0 } });
    expect(pos.body.message).toMatch(/^Punto de venta/);
    const noTwoFactor = await call('/invoicing/settings', { token: firstOwner });
    expect(noTwoFactor.status).toBe(403);
    expect(noTwoFactor.body.message).toMatch(/verificación en dos pasos/);
  });

  it('writes a razón social with an accent or an ñ as a UTF8String in the CSR (openssl req -utf8), never Latin-1', async () => {
    const businessName = 'Jazmín Lencería Ñandú';
    const saved = await asOwner('/invoicing/settings', { method: 'PUT', body: { ...SETTINGS, businessName } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const csr = await asOwner('/invoicing/csr', { body: {} });
    expect(csr.status, JSON.stringify(csr.body)).toBe(200);
    expect(forge.pki.certificationRequestFromPem(csr.body.csr).verify()).toBe(true);
    const der = Buffer.from(forge.pem.decode(csr.body.csr)[0]?.body ?? '', 'binary');
    const fields = subjectFieldsOf(der);
    expect(Object.keys(fields).sort()).toEqual(['C', 'CN', 'O', 'serialNumber']);
    // O: UTF8String (tag 0x0C) holding the UTF-8 bytes: í = C3 AD, Ñ = C3 91, ú = C3 BA.
    expect(fields.O?.tag).toBe(0x0c);
    expect(fields.O?.bytes.equals(Buffer.from(businessName, 'utf8'))).toBe(true);
    expect(fields.O?.bytes.includes(Buffer.from([0xc3, 0xad]))).toBe(true);
    expect(fields.O?.bytes.includes(Buffer.from([0xc3, 0x91]))).toBe(true);
    expect(fields.O?.bytes.includes(Buffer.from('Ñ', 'latin1'))).toBe(false);
    // What fits a PrintableString (tag 0x13) stays one.
    expect(fields.C).toEqual({ tag: 0x13, bytes: Buffer.from('AR') });
    expect(fields.CN).toEqual({ tag: 0x13, bytes: Buffer.from('tienda20123456786') });
    expect(fields.serialNumber).toEqual({ tag: 0x13, bytes: Buffer.from('CUIT 20123456786') });
  });

  it('saves the settings, makes the key and CSR, accepts only the matching certificate, never answers the key', async () => {
    const saved = await asOwner('/invoicing/settings', { method: 'PUT', body: SETTINGS });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings).toMatchObject({ cuit: '20123456786', pointOfSale: 3, ready: false });
    const csr = await asOwner('/invoicing/csr', { body: {} });
    expect(csr.status).toBe(200);
    const request = forge.pki.certificationRequestFromPem(csr.body.csr);
    expect(request.verify()).toBe(true);
    expect((request.publicKey as forge.pki.rsa.PublicKey).n.bitLength()).toBe(2048);
    expect(request.subject.attributes.find((a) => a.name === 'serialNumber')?.value).toBe('CUIT 20123456786');
    // A certificate for another key: 400 in Spanish.
    const keys = forge.pki.rsa.generateKeyPair(1024);
    const other = forge.pki.createCertificationRequest();
    other.publicKey = keys.publicKey;
    other.setSubject([{ shortName: 'CN', value: 'otra' }]);
    other.sign(keys.privateKey, forge.md.sha256.create());
    const wrong = await asOwner('/invoicing/certificate', {
      method: 'PUT',
      body: { certificate: fake.signCsr(forge.pki.certificationRequestToPem(other)) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/no corresponde a la clave/);
    const cert = await asOwner('/invoicing/certificate', { method: 'PUT', body: { certificate: fake.signCsr(csr.body.csr) } });
    expect(cert.status, JSON.stringify(cert.body)).toBe(200);
    expect(cert.body.certificate.subject).toMatch(/CN=tienda20123456786/);
    expect(Date.parse(cert.body.certificate.notAfter)).toBeGreaterThan(Date.now() + 700 * 86_400_000);
    const read = await asOwner('/invoicing/settings');
    expect(read.body.settings).toMatchObject({ hasKey: true, ready: true });
    const everything = JSON.stringify([saved.body, csr.body, cert.body, read.body]);
    expect(everything).not.toMatch(/PRIVATE KEY/);
    // At rest: encrypted, never the PEM.
    const db = testDatabase();
    const row = await db('invoicing_settings').first();
    await db.destroy();
    expect(String(row.private_key)).toMatch(/^v1:/);
    expect(String(row.private_key)).not.toMatch(/PRIVATE KEY/);
  });

  it('Probar conexión: FEDummy and the last number, in Spanish; one WSAA ticket for concurrent logins', async () => {
    const [a, b] = await Promise.all([asOwner('/invoicing/test', { body: {} }), asOwner('/invoicing/test', { body: {} })]);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ ok: true, lastNumber: 0 });
    expect(a.body.message).toMatch(/ARCA responde.*Último Factura C autorizado en el punto de venta 3: 0/);
    expect(b.body.ok).toBe(true);
    expect(fake.state.logins).toBe(1);
    expect(fake.state.refusedLogins).toBe(0);
  });
});

describe('WSAA signature', () => {
  it('a CMS signed with a certificate ARCA did not issue is refused', async () => {
    const keys = forge.pki.rsa.generateKeyPair(1024);
    const cert = forge.pki.createCertificate();
    cert.publicKey = keys.publicKey;
    cert.serialNumber = '05';
    cert.validity.notBefore = new Date(Date.now() - 60_000);
    cert.validity.notAfter = new Date(Date.now() + 86_400_000);
    cert.setSubject([{ shortName: 'CN', value: 'intruso' }]);
    cert.setIssuer([{ shortName: 'CN', value: 'intruso' }]);
    cert.sign(keys.privateKey, forge.md.sha256.create());
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer('<loginTicketRequest><service>wsfe</service></loginTicketRequest>', 'utf8');
    p7.addCertificate(cert);
    p7.addSigner({
      key: keys.privateKey,
      certificate: cert,
      digestAlgorithm: '2.16.840.1.101.3.4.2.1',
      authenticatedAttributes: [{ type: '1.2.840.113549.1.9.3', value: '1.2.840.113549.1.7.1' }, { type: '1.2.840.113549.1.9.4' }],
    });
    p7.sign();
    const cms = forge.util.encode64(forge.asn1.toDer(p7.toAsn1()).getBytes());
    const res = await fetch(fake.wsaaUrl, {
      method: 'POST',
      body: `<Envelope><Body><loginCms><in0>${cms}</in0></loginCms></Body></Envelope>`,
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/cms.cert.untrusted/);
  });
});

describe('issuing', () => {
  it('a paid order is invoiced automatically (Factura C), the QR decodes to its figures, the PDF holds CAE, number and total', async () => {
    const order = await paidOrder();
    const invoice = await authorized(order.id);
    expect(invoice).toMatchObject({
      status: 'authorized',
      kind: 'invoice',
      letter: 'C',
      voucherType: 11,
      pointOfSale: 3,
      number: 1,
      total: order.total,
    });
    expect(invoice.cae).toMatch(/^\d{14}$/);
    expect(qrPayloadOf(invoice.qrUrl)).toMatchObject({
      ver: 1,
      cuit: 20123456786,
      ptoVta: 3,
      tipoCmp: 11,
      nroCmp: 1,
      importe: order.total,
      moneda: 'PES',
      tipoCodAut: 'E',
      codAut: Number(invoice.cae),
    });
    const pdf = await fetch(`${shop.url}/api/orders/${order.id}/invoice.pdf`, { headers: { Authorization: `Bearer ${firstOwner}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (await new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) }).getText()).text;
    expect(text).toContain(invoice.cae);
    expect(text).toContain('00003-00000001');
    expect(text).toContain('FACTURA C');
    expect(text).toContain((order.total as number).toLocaleString('es-AR', { minimumFractionDigits: 2 }));
    // The shopper's copy from tracking (POST: the contact in the body): the order's e-mail or phone is needed.
    const tracked = (contact: string) =>
      fetch(`${shop.url}/api/orders/tracking/invoice.pdf`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ orderNumber: order.orderNumber, contact }),
      });
    expect((await tracked(SHOPPER.email)).status).toBe(200);
    expect((await tracked('otra@example.com')).status).toBe(404);
    // Asking again: never twice.
    const again = await asOwner(`/orders/${order.id}/invoice`, { method: 'POST', body: {} });
    expect(again.status).toBe(409);
  });

  it('20 orders paid at once get consecutive numbers with no gap or repeat', async () => {
    const before = fake.state.last.get('3-11') ?? 0;
    const orders = await Promise.all(Array.from({ length: 20 }, () => paidOrder()));
    const invoices = await Promise.all(
      orders.map((o) =>
        waitUntil(
          () => invoiceOf(o.id),
          (i) => i.status === 'authorized',
          60_000,
        ),
      ),
    );
    const numbers = invoices.map((i) => i.number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, k) => before + k + 1));
    expect(fake.state.logins).toBe(1);
  }, 120_000);

  it('an answer lost after ARCA authorised is reconciled with FECompConsultar: one invoice, no new number', async () => {
    await control('switches', { dropAnswer: true });
    const order = await paidOrder();
    const invoice = await authorized(order.id);
    expect(invoice.status).toBe('authorized');
    const stored = [...fake.state.vouchers.values()].filter((v) => Number(v.CbteDesde) === invoice.number && v.CbteTipo === 11);
    expect(stored).toHaveLength(1);
    expect(fake.state.calls).toContain('FECompConsultar');
    expect(fake.state.last.get('3-11')).toBe(invoice.number);
  });

  it('a crash after the number was asked: the pending row is reconciled, not asked again', async () => {
    await control('switches', { down: true });
    const order = await paidOrder();
    await waitUntil(
      () => invoiceOf(order.id),
      (i) => i.attempts > 0,
    );
    // While ARCA was "down", the shop's row holds the next number; ARCA authorised it before the crash.
    const next = (fake.state.last.get('3-11') ?? 0) + 1;
    const db = testDatabase();
    await db('invoices').where('order_document_id', order.id).update({
      number: next,
      status: 'pending',
      letter: 'C',
      voucher_type: 11,
      point_of_sale: 3,
      total: order.total,
      net: order.total,
      vat: 0,
      doc_type: 99,
      doc_number: '0',
      receiver_vat_condition: 5,
      issue_date: '20261125',
      next_attempt_at: 0,
    });
    await db.destroy();
    await control('authorize', {
      cab: { PtoVta: 3, CbteTipo: 11 },
      det: { CbteDesde: next, CbteHasta: next, DocTipo: 99, DocNro: 0, ImpTotal: order.total, CbteFch: '20261125' },
    });
    // An attempt already under way read the row before it was changed: with ARCA still down, wait for two more
    // attempts, so that the one which finds ARCA back reads the number (CI once saw a late attempt ask a new one).
    const changedAt = (await invoiceOf(order.id)).attempts;
    await waitUntil(
      () => invoiceOf(order.id),
      (i) => i.attempts >= changedAt + 2,
    );
    await control('switches', { down: false });
    const invoice = await authorized(order.id);
    expect(invoice.number).toBe(next);
    expect(fake.state.last.get('3-11')).toBe(next);
  });

  it('ARCA down: checkout and payment unaffected, the invoice pending with a reason, authorised when ARCA returns', async () => {
    await control('switches', { down: true });
    const order = await paidOrder();
    const pending = await waitUntil(
      () => invoiceOf(order.id),
      (i) => i.attempts > 0,
    );
    expect(pending.status).toBe('pending');
    expect(pending.error).toMatch(/ARCA no está disponible/);
    await control('switches', { down: false });
    // Nobody asks again: the sweep retries it with backoff (ARCA_RETRY_MS) once ARCA is back.
    const back = await authorized(order.id);
    expect(back).toMatchObject({ status: 'authorized' });
    expect(back.attempts).toBeGreaterThan(0);
  });

  it('an order cancelled while its invoice waited is not invoiced ("no facturar"); paid again, it is', async () => {
    await control('switches', { down: true });
    const order = await paidOrder();
    await waitUntil(
      () => invoiceOf(order.id),
      (i) => i.attempts > 0,
    );
    const vouchers = fake.state.vouchers.size;
    const setStatus = (status: string) => call(`/orders/${order.id}/status`, { method: 'PUT', token: firstOwner, body: { status } });
    expect((await setStatus('cancelled')).status).toBe(200);
    await control('switches', { down: false });
    const skipped = await waitUntil(
      () => invoiceOf(order.id),
      (i) => i.status === 'skipped',
    );
    expect(skipped).toMatchObject({ statusLabel: 'no facturar', number: null, cae: null });
    expect(skipped.error).toMatch(/^No se factura: la orden se canceló/);
    expect(fake.state.vouchers.size).toBe(vouchers);
    expect((await setStatus('paid')).status).toBe(200);
    expect((await authorized(order.id)).number).toBeGreaterThan(0);
    expect(fake.state.vouchers.size).toBe(vouchers + 1);
  });

  it('ARCA rejects: error with the reason in Spanish, "Reintentar" authorises', async () => {
    await control('switches', { reject: true });
    const order = await paidOrder();
    const failed = await waitUntil(
      () => invoiceOf(order.id),
      (i) => i.status === 'error',
    );
    expect(failed.error).toMatch(/El documento del comprador no es válido \(ARCA 10015/);
    await control('switches', { reject: false });
    const retried = await asOwner(`/orders/${order.id}/invoice`, { method: 'POST', body: {} });
    expect(retried.body.invoice.status).toBe('authorized');
  });

  it('a credit note linked to the invoice, for the amount given back; refusals in Spanish', async () => {
    const order = await paidOrder();
    const invoice = await authorized(order.id);
    const tooMuch = await asOwner(`/orders/${order.id}/credit-note`, { body: { amount: invoice.total + 1 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/^Importe/);
    const note = await asOwner(`/orders/${order.id}/credit-note`, { body: { amount: 5000 } });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    expect(note.body.creditNote).toMatchObject({ status: 'authorized', kind: 'credit_note', letter: 'C', voucherType: 13, total: 5000 });
    const voucher = [...fake.state.vouchers.values()].find((v) => v.CbteTipo === 13 && Number(v.CbteDesde) === note.body.creditNote.number);
    expect(voucher?.CbtesAsoc?.CbteAsoc).toMatchObject({ Tipo: '11', Nro: String(invoice.number) });
    const unpaid = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 1 }], { meetingPointId: POINT.id }) });
    const refused = await asOwner(`/orders/${unpaid.body.order._id}/credit-note`, { body: {} });
    expect(refused.body.message).toMatch(/no tiene una factura autorizada/);
  });
});

describe('a Responsable Inscripto shop: Factura B and A, observations, the e-mail, the ticket', () => {
  it("invoices B with its 21 % IVA to a final consumer and A to a CUIT; ARCA's observations in Spanish; the PDF mailed once; the 80 mm ticket", async () => {
    const ri = await asOwner('/invoicing/settings', { method: 'PUT', body: { ...SETTINGS, taxCondition: 'responsable_inscripto' } });
    expect(ri.status, JSON.stringify(ri.body)).toBe(200);
    try {
      await control('switches', { observe: true });
      const b = await paidOrder();
      const invoiceB = await authorized(b.id);
      await control('switches', { observe: false });
      expect(invoiceB).toMatchObject({ letter: 'B', voucherType: 6, total: 12100, net: 10000, vat: 2100 });
      expect(invoiceB.observations?.length).toBeGreaterThan(0);
      const voucherB = [...fake.state.vouchers.values()].find((v) => v.CbteTipo === 6 && Number(v.CbteDesde) === invoiceB.number);
      expect(voucherB).toMatchObject({ DocTipo: '99', CondicionIVAReceptorId: '5', ImpIVA: '2100.00' });
      expect(voucherB?.Iva?.AlicIva).toMatchObject({ Id: '5', BaseImp: '10000.00', Importe: '2100.00' });

      const placed = await call('/orders', {
        body: orderBody([{ productId: product._id, quantity: 1 }], { meetingPointId: POINT.id, buyerDocument: '20-12345678-6' }),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect(
        (await call(`/orders/${placed.body.order._id}/status`, { method: 'PUT', token: firstOwner, body: { status: 'paid' } })).status,
      ).toBe(200);
      const invoiceA = await authorized(placed.body.order._id);
      expect(invoiceA).toMatchObject({ letter: 'A', voucherType: 1 });
      const voucherA = [...fake.state.vouchers.values()].find((v) => v.CbteTipo === 1 && Number(v.CbteDesde) === invoiceA.number);
      expect(voucherA).toMatchObject({ DocTipo: '80', DocNro: '20123456786', CondicionIVAReceptorId: '1' });

      // The shopper's e-mail with the PDF: queued once.
      const mails = await waitUntil(
        async () => (await asOwner(`/emails?order=${b.id}&limit=100`)).body.emails as { kind: string }[],
        (list) => list.some((m) => m.kind === 'invoice_issued'),
      );
      expect(mails.filter((m) => m.kind === 'invoice_issued')).toHaveLength(1);
      const ticket = await fetch(`${shop.url}/api/orders/${b.id}/invoice.pdf?format=ticket`, {
        headers: { Authorization: `Bearer ${firstOwner}` },
      });
      expect(ticket.status).toBe(200);
      const text = (await new PDFParse({ data: new Uint8Array(await ticket.arrayBuffer()) }).getText()).text;
      expect(text).toContain(invoiceB.cae);
      expect(text).toMatch(/FACTURA B/i);
    } finally {
      await control('switches', { observe: false });
      expect((await asOwner('/invoicing/settings', { method: 'PUT', body: SETTINGS })).status).toBe(200);
    }
  });
});

describe('credit notes the shop makes itself', () => {
  const creditNotesOf = async (id: string) => (await asOwner(`/orders/${id}/invoice`)).body.creditNotes as Record<string, unknown>[];

  it('a paid order cancelled: the rest of its invoice credited, linked to it, once', async () => {
    const order = await paidOrder();
    const invoice = await authorized(order.id);
    const part = await asOwner(`/orders/${order.id}/credit-note`, { body: { amount: 2100 } });
    expect(part.body.creditNote).toMatchObject({ total: 2100 });
    // Authorised in the request, or by the sweep when ARCA answered too late for it (seen on a loaded machine).
    const first = await waitUntil(
      () => creditNotesOf(order.id),
      (list) => list[0]?.status === 'authorized',
    );
    expect(first).toEqual([expect.objectContaining({ status: 'authorized', total: 2100 })]);
    const setStatus = (status: string) => call(`/orders/${order.id}/status`, { method: 'PUT', token: firstOwner, body: { status } });
    expect((await setStatus('cancelled')).status).toBe(200);
    expect((await setStatus('cancelled')).status).toBe(200);
    const notes = await waitUntil(
      () => creditNotesOf(order.id),
      (list) => list.length === 2 && list.every((n) => n.status === 'authorized'),
    );
    expect(notes.map((n) => n.total)).toEqual([2100, invoice.total - 2100]);
    const voucher = [...fake.state.vouchers.values()].find((v) => v.CbteTipo === 13 && Number(v.CbteDesde) === notes[1]!.number);
    expect(voucher?.CbtesAsoc?.CbteAsoc).toMatchObject({
      Tipo: '11',
      Nro: String(invoice.number),
      CbteFch: String(invoice.issueDate).replace(/-/g, ''),
    });
    // The staff's own credit note is made: a second one by hand is refused.
    expect((await asOwner(`/orders/${order.id}/credit-note`, { body: { amount: 1 } })).status).toBe(409);
  });

  it('an order cancelled after its invoice, reopened and paid again: a new invoice for the new sale, the chain invoice, credit note, invoice', async () => {
    const order = await paidOrder();
    const first = await authorized(order.id);
    const setStatus = (status: string) => call(`/orders/${order.id}/status`, { method: 'PUT', token: firstOwner, body: { status } });
    expect((await setStatus('cancelled')).status).toBe(200);
    const [credit] = await waitUntil(
      () => creditNotesOf(order.id),
      (list) => list.length === 1 && list[0]!.status === 'authorized',
    );
    expect(credit).toMatchObject({ kind: 'credit_note', total: first.total });
    // Reopened and paid again: a new sale, invoiced anew (the first invoice stays credited, never reused).
    expect((await setStatus('paid')).status).toBe(200);
    const second = await waitUntil(
      () => invoiceOf(order.id),
      (i) => i.status === 'authorized' && i.number !== first.number,
    );
    expect(second).toMatchObject({ kind: 'invoice', letter: 'C', voucherType: 11, total: first.total });
    expect(second.number).toBeGreaterThan(first.number);
    expect(second.cae).not.toBe(first.cae);
    const answer = (await asOwner(`/orders/${order.id}/invoice`)).body;
    expect(answer.vouchers.map((v: Record<string, unknown>) => [v.kind, v.status, v.number])).toEqual([
      ['invoice', 'authorized', first.number],
      ['credit_note', 'authorized', credit!.number],
      ['invoice', 'authorized', second.number],
    ]);
    // ARCA has both invoices, and the credit note names the first.
    const arca = [...fake.state.vouchers.values()];
    expect(arca.filter((v) => v.CbteTipo === 11 && [first.number, second.number].includes(Number(v.CbteDesde)))).toHaveLength(2);
    const note = arca.find((v) => v.CbteTipo === 13 && Number(v.CbteDesde) === credit!.number);
    expect(note?.CbtesAsoc?.CbteAsoc).toMatchObject({ Tipo: '11', Nro: String(first.number) });
    // Append-only: the first invoice's row keeps its number and CAE; one row per voucher.
    const db = testDatabase();
    const rows = await db('invoices').where({ order_document_id: order.id }).orderBy('id', 'asc');
    await db.destroy();
    expect(rows.map((r) => [r.kind, r.status, Number(r.number)])).toEqual([
      ['invoice', 'authorized', first.number],
      ['credit_note', 'authorized', credit!.number],
      ['invoice', 'authorized', second.number],
    ]);
    expect(rows[0].cae).toBe(first.cae);
    // Cancelled again: the new sale's invoice is the one credited, by a credit note of its own.
    expect((await setStatus('cancelled')).status).toBe(200);
    const notes = await waitUntil(
      () => creditNotesOf(order.id),
      (list) => list.length === 2 && list.every((n) => n.status === 'authorized'),
    );
    const again = [...fake.state.vouchers.values()].find((v) => v.CbteTipo === 13 && Number(v.CbteDesde) === notes[1]!.number);
    expect(again?.CbtesAsoc?.CbteAsoc).toMatchObject({ Tipo: '11', Nro: String(second.number) });
    expect(notes[1]).toMatchObject({ total: first.total });
  });

  it("a return received: the money given back is credited on the order's invoice", async () => {
    const content = (await call('/content')).body.content as SiteContent;
    content.returns = { ...content.returns, enabled: true, windowDays: 30, exchangeOnly: false, nonReturnableCategories: [] };
    expect((await call('/content', { method: 'PUT', token: firstOwner, body: content })).status).toBe(200);
    const res = await call('/orders', { body: orderBody([{ productId: product._id, quantity: 2 }], { meetingPointId: POINT.id }) });
    expect(res.status).toBe(201);
    const id = res.body.order._id as string;
    for (const step of ['ready_for_pickup', 'delivered']) {
      expect((await asOwner(`/orders/${id}/fulfillment`, { method: 'PUT', body: { step } })).status).toBe(200);
    }
    const invoice = await authorized(id);
    const asked = await call('/returns', {
      body: {
        orderNumber: res.body.order.orderNumber,
        contact: SHOPPER.email,
        lines: [{ lineIndex: 0, quantity: 1, kind: 'return', reason: 'size_small' }],
      },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const request = asked.body.return;
    expect((await call(`/returns/${request._id}/status`, { method: 'PUT', token: firstOwner, body: { status: 'approved' } })).status).toBe(
      200,
    );
    const received = await call(`/returns/${request._id}/status`, {
      method: 'PUT',
      token: firstOwner,
      body: { status: 'received', refundMethod: 'transfer', message: 'Transferencia 123' },
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const notes = await waitUntil(
      () => creditNotesOf(id),
      (list) => list.length === 1 && list[0]!.status === 'authorized',
    );
    expect(notes[0]).toMatchObject({ kind: 'credit_note', letter: 'C', total: request.refundDue });
    expect(request.refundDue).toBe(invoice.total / 2);
  });
});

describe('Libro IVA ventas', () => {
  it('the authorised vouchers of the month as CSV, credit notes negative; a bad month is a Spanish 400', async () => {
    const month = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 7);
    const res = await fetch(`${shop.url}/api/invoicing/libro-iva.csv?month=${month}`, {
      headers: { Authorization: `Bearer ${firstOwner}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Fecha;Tipo;Punto de venta y número;Documento;Neto;IVA;Total;CAE');
    expect(text).toContain('Factura C;00003-00000001;Consumidor final');
    expect(text).toMatch(/Nota de crédito C;00003-00000001;Consumidor final;-5000;0;-5000;\d{14}/);
    const bad = await call('/invoicing/libro-iva.csv?month=2026-13', { token: firstOwner });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Mes inválido: usá el formato AAAA-MM');
    expect((await call(`/invoicing/libro-iva.csv?month=${month}`)).status).toBe(401);
  });
});

describe('permissions', () => {
  it('anonymous, shopper, garbage, sales and catalog roles are refused; orders.view reads', async () => {
    const order = await paidOrder();
    const sales = await inviteStaff(firstOwner, 'sales', shop.url);
    const catalog = await inviteStaff(firstOwner, 'catalog', shop.url);
    const shopper = await shopperToken().catch(() => null);
    const routes: [string, string][] = [
      ['GET', '/invoicing/settings'],
      ['PUT', '/invoicing/settings'],
      ['POST', '/invoicing/csr'],
      ['PUT', '/invoicing/certificate'],
      ['POST', '/invoicing/test'],
      ['POST', `/orders/${order.id}/invoice`],
      ['POST', `/orders/${order.id}/credit-note`],
    ];
    for (const [method, path] of routes) {
      for (const token of [null, GARBAGE_TOKEN, shopper, sales, catalog]) {
        const res = await call(path, { method, token, body: method === 'GET' ? undefined : {} });
        expect([401, 403], `${method} ${path}`).toContain(res.status);
      }
    }
    expect((await call(`/orders/${order.id}/invoice`, { token: sales })).status).toBe(200);
    expect((await call(`/orders/${order.id}/invoice`, { token: catalog })).status).toBe(403);
    expect((await call(`/orders/${order.id}/invoice`)).status).toBe(401);
  });
});

describe('the key in the clear: nowhere', () => {
  it('appears in no log line, no queued e-mail, and neither in the database file nor in a dump of it', async () => {
    expect(shop.logs()).toMatch(/\S/);
    expect(shop.logs()).not.toMatch(/PRIVATE KEY/);
    const db = testDatabase();
    try {
      const mails = await db('email_outboxes').select('*');
      expect(mails.length).toBeGreaterThan(0);
      expect(JSON.stringify(mails)).not.toMatch(/PRIVATE KEY/);
    } finally {
      await db.destroy();
    }
    const file = database.env.DATABASE_FILENAME;
    if (file) {
      // The SQLite file (and its write-ahead log) is what a backup copies.
      for (const part of [file, `${file}-wal`].filter((f) => existsSync(f))) {
        expect(readFileSync(part).includes('PRIVATE KEY'), part).toBe(false);
      }
    } else {
      const dump = spawnSync('pg_dump', ['--no-owner', String(database.env.DATABASE_URL)], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      expect(dump.status, dump.stderr).toBe(0);
      expect(dump.stdout).toMatch(/invoicing_settings/);
      expect(dump.stdout).not.toMatch(/PRIVATE KEY/);
    }
  });
});
