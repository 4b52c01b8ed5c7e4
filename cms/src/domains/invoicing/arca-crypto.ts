import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { openSecret, sealSecret } from '../platform';

/**
 * The invoicing key and certificate: a 2048-bit RSA key made here (never leaves the server), stored encrypted with
 * the shop's ENCRYPTION_KEY (AES-256-GCM), its CSR for ARCA's alias page, the certificate ARCA returns checked
 * against it, and the WSAA login request signed as CMS (PKCS#7 SignedData) with node-forge.
 */
export const encryptSecret = (plain: string): string => sealSecret('invoicing', plain);
export const decryptSecret = (stored: string): string => openSecret('invoicing', stored);

export interface KeyAndCsr {
  keyPem: string;
  csrPem: string;
}

/** The characters an ASN.1 PrintableString may hold (X.680): letters, digits, space and ' ( ) + , - . / : = ?. */
const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

/**
 * A subject field as `openssl req -utf8` (ARCA's recipe) writes it: a PrintableString when every character fits one,
 * else a UTF8String holding the UTF-8 bytes (node-forge encodes the value when the tag is UTF8). A razón social
 * with an accent or an ñ ("Jazmín Lencería Ñandú") written as a PrintableString would carry Latin-1 bytes.
 */
function subjectField(field: { shortName: string } | { name: string }, value: string): forge.pki.CertificateField {
  const tag = PRINTABLE.test(value) ? forge.asn1.Type.PRINTABLESTRING : forge.asn1.Type.UTF8;
  // @types/node-forge types the tag as an asn1.Class; node-forge reads an asn1.Type there.
  return { ...field, value, valueTagClass: tag as number as forge.asn1.Class };
}

/** A subject value as text: a UTF8String's bytes decoded (node-forge reads them undecoded). */
function subjectValue(attribute: { value?: unknown; valueTagClass?: unknown }): string {
  const value = String(attribute.value);
  if (attribute.valueTagClass !== forge.asn1.Type.UTF8) return value;
  try {
    return forge.util.decodeUtf8(value);
  } catch {
    return value;
  }
}

/** A new key and the CSR ARCA asks for: CN = the alias, O = the business name, serialNumber = "CUIT <cuit>". */
export function newKeyAndCsr({ alias, businessName, cuit }: { alias: string; businessName: string; cuit: string }): KeyAndCsr {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const csr = forge.pki.createCertificationRequest();
  csr.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  csr.setSubject([
    subjectField({ shortName: 'C' }, 'AR'),
    subjectField({ shortName: 'O' }, businessName),
    subjectField({ shortName: 'CN' }, alias),
    subjectField({ name: 'serialNumber' }, `CUIT ${cuit}`),
  ]);
  csr.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { keyPem, csrPem: forge.pki.certificationRequestToPem(csr) };
}

export interface CertificateInfo {
  subject: string;
  notAfter: string;
  pem: string;
}

/** The certificate's subject and expiry when it is a PEM certificate for `keyPem`'s public key; null otherwise. */
export function certificateForKey(text: string, keyPem: string): CertificateInfo | null | 'unreadable' {
  let cert: forge.pki.Certificate;
  try {
    cert = forge.pki.certificateFromPem(text.trim());
  } catch {
    return 'unreadable';
  }
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const certKey = cert.publicKey as forge.pki.rsa.PublicKey;
  if (certKey.n.compareTo(key.n) !== 0 || certKey.e.compareTo(key.e) !== 0) return null;
  return {
    subject: cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${subjectValue(a)}`).join(', '),
    notAfter: cert.validity.notAfter.toISOString(),
    pem: forge.pki.certificateToPem(cert),
  };
}

/** The login ticket request (TRA) for the wsfe service, valid ten minutes around now. */
export function loginTicketRequest(now = new Date()): string {
  const from = new Date(now.getTime() - 5 * 60_000).toISOString();
  const to = new Date(now.getTime() + 5 * 60_000).toISOString();
  const uniqueId = Math.floor(now.getTime() / 1000);
  return `<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header><uniqueId>${uniqueId}</uniqueId><generationTime>${from}</generationTime><expirationTime>${to}</expirationTime></header><service>wsfe</service></loginTicketRequest>`;
}

/** The object identifiers of the CMS (RFC 5652 and RFC 5754), named here because forge's table is typed loosely. */
const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
} as const;

/** The TRA signed as CMS SignedData (content included, SHA-256), base64 DER: what loginCms receives. */
export function signedLoginRequest(certPem: string, keyPem: string, tra: string): string {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(tra, 'utf8');
  const cert = forge.pki.certificateFromPem(certPem);
  p7.addCertificate(cert);
  p7.addSigner({
    key: forge.pki.privateKeyFromPem(keyPem),
    certificate: cert,
    digestAlgorithm: OID.sha256,
    authenticatedAttributes: [{ type: OID.contentType, value: OID.data }, { type: OID.messageDigest }, { type: OID.signingTime }],
  });
  p7.sign();
  return forge.util.encode64(forge.asn1.toDer(p7.toAsn1()).getBytes());
}
