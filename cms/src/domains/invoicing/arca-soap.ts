import { XMLParser } from 'fast-xml-parser';

/**
 * SOAP over HTTP to ARCA: envelopes built from templates (values escaped), answers parsed with fast-xml-parser.
 * A network failure, a timeout or a non-SOAP answer is `ArcaUnavailable` (retry later); a SOAP fault is `ArcaFault`.
 */
export class ArcaUnavailable extends Error {}
export class ArcaFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true });

export const parseXml = (xml: string): Record<string, unknown> => parser.parse(xml) as Record<string, unknown>;

export const escapeXml = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** How long one call to ARCA may take (ARCA_TIMEOUT_MS, 20 s). */
export const TIMEOUT_MS = Number(process.env.ARCA_TIMEOUT_MS ?? 20_000);

/** ARCA's own addresses per environment; ARCA_WSAA_URL / ARCA_WSFE_URL override both (a fake ARCA, a proxy). */
const ARCA_URLS = {
  homologacion: { wsaa: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms', wsfe: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx' },
  produccion: { wsaa: 'https://wsaa.afip.gov.ar/ws/services/LoginCms', wsfe: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx' },
} as const;
let environment: keyof typeof ARCA_URLS = 'homologacion';

/** The environment of the shop's settings (set each time they are read): which ARCA the calls go to. */
export function useArcaEnvironment(value: string | null | undefined): void {
  environment = value === 'produccion' ? 'produccion' : 'homologacion';
}

export const wsaaUrl = () => process.env.ARCA_WSAA_URL?.trim() || ARCA_URLS[environment].wsaa;
export const wsfeUrl = () => process.env.ARCA_WSFE_URL?.trim() || ARCA_URLS[environment].wsfe;

/** Posts one envelope; answers the parsed Body. */
export async function soapCall(url: string, action: string, body: string): Promise<Record<string, unknown>> {
  const envelope = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
  let text: string;
  let status: number;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${action}"` },
      body: envelope,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch (err) {
    throw new ArcaUnavailable(
      err instanceof Error && err.name === 'TimeoutError' ? 'ARCA no respondió a tiempo' : 'No se pudo conectar con ARCA',
    );
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = parseXml(text);
  } catch {
    throw new ArcaUnavailable(`ARCA respondió algo que no es SOAP (HTTP ${status})`);
  }
  const envelopeNode = parsed.Envelope as Record<string, unknown> | undefined;
  const soapBody = envelopeNode?.Body as Record<string, unknown> | undefined;
  if (!soapBody) throw new ArcaUnavailable(`ARCA no está disponible (HTTP ${status})`);
  const fault = soapBody.Fault as Record<string, unknown> | undefined;
  if (fault) throw new ArcaFault(String(fault.faultcode ?? ''), String(fault.faultstring ?? ''));
  return soapBody;
}

/** A node that may be one object or a list. */
export function listOf(value: unknown): Record<string, unknown>[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null);
}
