import type { SiteContent, WhatsappTemplateKey } from '@shop/shared';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { TextAreaField } from '../fields';

/** One message per situation of an order, in the order staff meet them. */
const TEMPLATES: { key: WhatsappTemplateKey; label: string }[] = [
  { key: 'received', label: 'Pedido recibido (pendiente de pago o de verificar)' },
  { key: 'proofMissing', label: 'Falta el comprobante (también tras rechazarlo)' },
  { key: 'paid', label: 'Pago confirmado' },
  { key: 'readyForPickup', label: 'Listo para retirar (confirmado, retiro en punto de encuentro)' },
  { key: 'onTheWay', label: 'En camino (confirmado, envío a domicilio)' },
  { key: 'cancelled', label: 'Cancelado o reembolsado' },
];

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
      {TEMPLATES.map(({ key, label }) => (
        <TextAreaField key={key} label={label} value={content.whatsapp[key]} onChange={set(key)} rows={3} />
      ))}
    </div>
  );
}
