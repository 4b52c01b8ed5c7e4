import { escapeXml, listOf, soapCall, wsfeUrl } from './arca-soap';
import type { Ticket } from './wsaa-ticket';
import type { VoucherPlan } from './voucher-plan';

/** WSFEv1's operations the shop uses, over SOAP. Amounts are sent with two decimals, dates as AAAAMMDD. */
const NS = 'http://ar.gov.afip.dif.FEV1/';

const auth = (t: Ticket) =>
  `<Auth><Token>${escapeXml(t.token)}</Token><Sign>${escapeXml(t.sign)}</Sign><Cuit>${escapeXml(t.cuit)}</Cuit></Auth>`;

export interface ArcaMessage {
  code: string;
  message: string;
}

const messages = (node: unknown, tag: string): ArcaMessage[] =>
  listOf((node as Record<string, unknown> | undefined)?.[tag]).map((m) => ({ code: String(m.Code ?? ''), message: String(m.Msg ?? '') }));

async function call(operation: string, inner: string): Promise<Record<string, unknown>> {
  const body = await soapCall(wsfeUrl(), `${NS}${operation}`, `<${operation} xmlns="${NS}">${inner}</${operation}>`);
  const response = body[`${operation}Response`] as Record<string, unknown> | undefined;
  return (response?.[`${operation}Result`] as Record<string, unknown> | undefined) ?? {};
}

export async function feDummy(): Promise<{ app: string; db: string; auth: string }> {
  const result = await call('FEDummy', '');
  return { app: String(result.AppServer ?? ''), db: String(result.DbServer ?? ''), auth: String(result.AuthServer ?? '') };
}

export class WsfeErrors extends Error {
  constructor(readonly errors: ArcaMessage[]) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
  }
}

export async function lastAuthorized(ticket: Ticket, pointOfSale: number, voucherType: number): Promise<number> {
  const result = await call('FECompUltimoAutorizado', `${auth(ticket)}<PtoVta>${pointOfSale}</PtoVta><CbteTipo>${voucherType}</CbteTipo>`);
  const errors = messages(result.Errors, 'Err');
  if (errors.length > 0) throw new WsfeErrors(errors);
  return Number(result.CbteNro ?? 0);
}

export interface Authorized {
  cae: string;
  caeDueDate: string;
  observations: ArcaMessage[];
}

/** FECompConsultar: the voucher's CAE when ARCA has it, null when ARCA has no such voucher. */
export async function consult(ticket: Ticket, pointOfSale: number, voucherType: number, number: number): Promise<Authorized | null> {
  const result = await call(
    'FECompConsultar',
    `${auth(ticket)}<FeCompConsReq><CbteTipo>${voucherType}</CbteTipo><CbteNro>${number}</CbteNro><PtoVta>${pointOfSale}</PtoVta></FeCompConsReq>`,
  );
  const errors = messages(result.Errors, 'Err');
  if (errors.some((e) => e.code === '602')) return null;
  if (errors.length > 0) throw new WsfeErrors(errors);
  const got = result.ResultGet as Record<string, unknown> | undefined;
  if (!got?.CodAutorizacion) return null;
  return { cae: String(got.CodAutorizacion), caeDueDate: String(got.FchVto ?? ''), observations: messages(got.Observaciones, 'Obs') };
}

export interface Related {
  voucherType: number;
  pointOfSale: number;
  number: number;
  /** The related voucher's own date (AAAAMMDD). */
  issueDate: string;
}

export type CaeAnswer = { result: 'A'; authorized: Authorized } | { result: 'R'; errors: ArcaMessage[] };

const money = (value: number) => value.toFixed(2);

export async function requestCae(
  ticket: Ticket,
  pointOfSale: number,
  number: number,
  issueDate: string,
  plan: VoucherPlan,
  related: Related | null,
): Promise<CaeAnswer> {
  const vat = plan.vatLines.length
    ? `<Iva>${plan.vatLines.map((l) => `<AlicIva><Id>${l.id}</Id><BaseImp>${money(l.base)}</BaseImp><Importe>${money(l.amount)}</Importe></AlicIva>`).join('')}</Iva>`
    : '';
  const associated = related
    ? `<CbtesAsoc><CbteAsoc><Tipo>${related.voucherType}</Tipo><PtoVta>${related.pointOfSale}</PtoVta><Nro>${related.number}</Nro><Cuit>${escapeXml(ticket.cuit)}</Cuit><CbteFch>${related.issueDate}</CbteFch></CbteAsoc></CbtesAsoc>`
    : '';
  const detail =
    `<FECAEDetRequest><Concepto>1</Concepto><DocTipo>${plan.docType}</DocTipo><DocNro>${escapeXml(plan.docNumber)}</DocNro>` +
    `<CbteDesde>${number}</CbteDesde><CbteHasta>${number}</CbteHasta><CbteFch>${issueDate}</CbteFch>` +
    `<ImpTotal>${money(plan.total)}</ImpTotal><ImpTotConc>0.00</ImpTotConc><ImpNeto>${money(plan.net)}</ImpNeto><ImpOpEx>0.00</ImpOpEx>` +
    `<ImpTrib>0.00</ImpTrib><ImpIVA>${money(plan.vat)}</ImpIVA><MonId>PES</MonId><MonCotiz>1</MonCotiz>` +
    `<CondicionIVAReceptorId>${plan.receiverVatCondition}</CondicionIVAReceptorId>${associated}${vat}</FECAEDetRequest>`;
  const result = await call(
    'FECAESolicitar',
    `${auth(ticket)}<FeCAEReq><FeCabReq><CantReg>1</CantReg><PtoVta>${pointOfSale}</PtoVta><CbteTipo>${plan.voucherType}</CbteTipo></FeCabReq><FeDetReq>${detail}</FeDetReq></FeCAEReq>`,
  );
  const errors = messages(result.Errors, 'Err');
  const det = listOf((result.FeDetResp as Record<string, unknown> | undefined)?.FECAEDetResponse)[0];
  const observations = messages(det?.Observaciones, 'Obs');
  if (det?.Resultado === 'A' && det.CAE) {
    return { result: 'A', authorized: { cae: String(det.CAE), caeDueDate: String(det.CAEFchVto ?? ''), observations } };
  }
  if (errors.length > 0 && !det) throw new WsfeErrors(errors);
  return { result: 'R', errors: [...errors, ...observations] };
}
