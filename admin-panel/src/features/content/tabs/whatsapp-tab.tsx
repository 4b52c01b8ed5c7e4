import { WHATSAPP_TEMPLATE_KEYS, type SiteContent, type WhatsappTemplateKey } from '@shop/shared';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { TextAreaField } from '../fields';

/** The label of each situation's message; the shop's list of situations gives their order (as staff meet them). */
const TEMPLATE_LABELS: Record<WhatsappTemplateKey, string> = {
  received: 'Pedido recibido (pendiente de pago o de verificar)',
  proofMissing: 'Falta el comprobante (también tras rechazarlo)',
  paid: 'Pago confirmado',
  readyForPickup: 'Listo para retirar (o confirmado, retiro en punto de encuentro)',
  onTheWay: 'En camino (enviado, o confirmado con envío a domicilio)',
  delivered: 'Entregado',
  cancelled: 'Cancelado o reembolsado',
};

const PLACEHOLDERS: [string, string][] = [
  ['{nombre}', 'nombre de pila de la clienta'],
  ['{nombreCompleto}', 'nombre y apellido'],
  ['{pedido}', 'número de pedido'],
  ['{total}', 'total en pesos (ej. $12.500)'],
  ['{estado}', 'estado actual del pedido'],
  ['{seguimiento}', 'enlace para seguir el pedido en la tienda'],
  ['{motivo}', 'motivo del último cambio (comprobante rechazado, cancelación); vacío si no hay'],
  ['{entrega}', 'punto de encuentro elegido (nombre y dirección) o zona del envío'],
];

export function WhatsappTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const set = draftSetter(edit, (d) => d.whatsapp);
  return (
    <div className="stack">
      <div className="hint-block">
        <p>
          El botón «Escribir por WhatsApp» de cada orden abre el chat con la clienta y el mensaje de su situación ya escrito. Podés usar
          estos marcadores, que se reemplazan con los datos del pedido:
        </p>
        <dl className="kv placeholders" data-testid="whatsapp-placeholders">
          {PLACEHOLDERS.map(([code, meaning]) => (
            <div key={code} className="placeholder-row">
              <dt>
                <code>{code}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </div>
      {WHATSAPP_TEMPLATE_KEYS.map((key) => (
        <TextAreaField key={key} label={TEMPLATE_LABELS[key]} value={content.whatsapp[key]} onChange={set(key)} rows={3} />
      ))}
    </div>
  );
}
