import type { ArcaMessage } from './wsfe';

/** ARCA's messages (already Spanish, terse) with the shop's explanation for the common ones, for staff. */
const KNOWN: Record<string, string> = {
  '600': 'El ticket de acceso de ARCA no es válido o venció',
  '601': 'El CUIT configurado no coincide con el del certificado',
  '10015': 'El documento del comprador no es válido',
  '10016': 'El número de comprobante no es el siguiente que espera ARCA',
  '10013': 'Una Factura A necesita el CUIT del comprador',
  '10048': 'El total no coincide con la suma de neto, IVA y demás importes',
  '10071': 'Una Factura C no lleva IVA discriminado',
  '10023': 'La suma de las alícuotas de IVA no coincide con el IVA informado',
  '10242': 'Falta la condición frente al IVA del comprador',
  '500': 'ARCA tuvo un error interno; se reintenta',
};

export function arcaMessageInSpanish(message: ArcaMessage): string {
  const known = KNOWN[message.code];
  return known ? `${known} (ARCA ${message.code}: ${message.message})` : `ARCA ${message.code}: ${message.message}`;
}
