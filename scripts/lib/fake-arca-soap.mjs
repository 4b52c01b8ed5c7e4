// What scripts/fake-arca.mjs needs besides its state: SOAP envelopes in and out, and the check of a WSAA CMS
// signature (node-forge has no PKCS#7 verify, so the signer's signed attributes are checked with forge's primitives).
import { XMLParser } from 'fast-xml-parser';
import forge from 'node-forge';

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true });

export const parseXml = (text) => parser.parse(text);

export async function readText(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

export const escapeXml = (value) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);

/** `{a: 1, b: {c: 2}}` → `<a>1</a><b><c>2</c></b>`; arrays repeat the tag. */
export function toXml(value) {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return escapeXml(value);
  return Object.entries(value)
    .map(([tag, inner]) =>
      Array.isArray(inner) ? inner.map((item) => `<${tag}>${toXml(item)}</${tag}>`).join('') : `<${tag}>${toXml(inner)}</${tag}>`,
    )
    .join('');
}

export function envelope(inner) {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
}

export function fault(code, message) {
  return envelope(`<soap:Fault><faultcode>${escapeXml(code)}</faultcode><faultstring>${escapeXml(message)}</faultstring></soap:Fault>`);
}

/** A fresh certificate authority standing for ARCA's (its certificates are what WSAA trusts). */
export function newAuthority() {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 2 * 365 * 86_400_000);
  const attrs = [
    { shortName: 'CN', value: 'Fake Computadores Test' },
    { shortName: 'O', value: 'AFIP' },
    { shortName: 'C', value: 'AR' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert, key: keys.privateKey };
}

let serial = 100;
/** Signs a CSR as ARCA does when an alias is created: a certificate for the CSR's subject, two years. */
export function signCsr(authority, csrPem, { days = 730 } = {}) {
  const csr = forge.pki.certificationRequestFromPem(csrPem);
  if (!csr.verify()) throw new Error('CSR signature invalid');
  const cert = forge.pki.createCertificate();
  cert.publicKey = csr.publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(2, '0');
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + days * 86_400_000);
  // The subject as the CSR wrote it (node-forge reads a UTF8String's bytes undecoded and would encode them again).
  cert.setSubject(
    csr.subject.attributes.map((a) => (a.valueTagClass === forge.asn1.Type.UTF8 ? { ...a, value: forge.util.decodeUtf8(a.value) } : a)),
  );
  cert.setIssuer(authority.cert.subject.attributes);
  cert.sign(authority.key, forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

/**
 * Verifies a base64 DER CMS SignedData as WSAA does: the embedded certificate was issued by the authority, the
 * signed attributes' digest matches the content, and the signature over them verifies with the certificate's key.
 * Answers `{ ok: true, content, cert }` or `{ ok: false, reason }`.
 */
export function verifyCms(authority, base64) {
  let msg;
  try {
    msg = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.decode64(base64)));
  } catch {
    return { ok: false, reason: 'cms.bad: no es un CMS valido' };
  }
  const cert = msg.certificates?.[0];
  if (!cert) return { ok: false, reason: 'cms.cert.notFound' };
  try {
    if (!authority.cert.verify(cert)) return { ok: false, reason: 'cms.cert.untrusted: certificado no emitido por AC de confianza' };
  } catch {
    return { ok: false, reason: 'cms.cert.untrusted: certificado no emitido por AC de confianza' };
  }
  const now = new Date();
  if (cert.validity.notAfter < now || cert.validity.notBefore > now) return { ok: false, reason: 'cms.cert.expired: certificado expirado' };
  const content = msg.rawCapture?.content?.value?.[0]?.value ?? '';
  const text = typeof content === 'string' ? content : '';
  const attributes = msg.rawCapture?.authenticatedAttributes;
  const signature = msg.rawCapture?.signature;
  if (!attributes || !signature) return { ok: false, reason: 'cms.sign.invalid: firma invalida' };
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const digest = forge.md.sha256.create();
  digest.update(forge.asn1.toDer(set).getBytes());
  let digestOk = false;
  for (const attr of attributes) {
    const oid = forge.asn1.derToOid(attr.value[0].value);
    if (oid === forge.pki.oids.messageDigest) {
      const expected = forge.md.sha256.create().update(text).digest().getBytes();
      digestOk = attr.value[1].value[0].value === expected;
    }
  }
  let signatureOk = false;
  try {
    signatureOk = cert.publicKey.verify(digest.digest().getBytes(), signature);
  } catch {
    signatureOk = false;
  }
  if (!digestOk || !signatureOk) return { ok: false, reason: 'cms.sign.invalid: firma invalida o algoritmo no soportado' };
  return { ok: true, content: forge.util.decodeUtf8(text), cert };
}
