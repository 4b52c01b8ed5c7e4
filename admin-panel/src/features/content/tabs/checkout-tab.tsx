import {
  MAX_RESERVATION_MINUTES,
  MAX_UNITS_PER_PRODUCT_LIMIT,
  MAX_UNITS_PER_PRODUCT_MESSAGE,
  RESERVATION_MINUTES_MESSAGE,
  type SiteContent,
} from '@shop/shared';
import type { ContentEdit } from '../content-editor-model';
import { AmountField, TextAreaField, TextField, ToggleField, WholeNumberField } from '../fields';

/** "2880 minutos = 2 días", "90 minutos = 1 h 30 min": what a number of minutes means, for the hint. */
export function describeMinutes(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0) return '';
  if (minutes === 0) return 'sin límite';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? `${days} ${days === 1 ? 'día' : 'días'}` : '',
    hours > 0 ? `${hours} h` : '',
    rest > 0 ? `${rest} min` : '',
  ].filter(Boolean);
  return parts.join(' ');
}

function reservationHint(minutes: number, waitingFor: string): string {
  const meaning = describeMinutes(minutes);
  return (
    `Durante este tiempo los productos del pedido quedan reservados mientras ${waitingFor}. ` +
    'Al vencer, el pedido se cancela automáticamente, el stock vuelve a estar disponible y queda anotado en el historial de la orden. ' +
    `0 = nunca se cancela solo.${meaning ? ` Ahora: ${meaning}.` : ''}`
  );
}

export function CheckoutTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const { deliveryInfo, shipping, paymentInfo } = content.checkout;
  const mp = deliveryInfo.meetingPoint;
  const hd = shipping.homeDelivery;
  const cash = paymentInfo.cashOnDelivery;
  const bank = paymentInfo.bankTransfer;
  return (
    <div className="stack">
      <fieldset className="fieldset stack">
        <legend>Retiro en punto de encuentro</legend>
        <TextField
          label="Título de la sección de entrega"
          value={deliveryInfo.title}
          onChange={(v) =>
            edit((d) => {
              d.checkout.deliveryInfo.title = v;
            })
          }
        />
        <ToggleField
          label="Retiro habilitado"
          checked={mp.enabled}
          onChange={(v) =>
            edit((d) => {
              d.checkout.deliveryInfo.meetingPoint.enabled = v;
            })
          }
        />
        <div className="form-grid">
          <TextField
            label="Título"
            value={mp.title}
            onChange={(v) =>
              edit((d) => {
                d.checkout.deliveryInfo.meetingPoint.title = v;
              })
            }
          />
          <TextField
            label="Dirección"
            value={mp.address}
            onChange={(v) =>
              edit((d) => {
                d.checkout.deliveryInfo.meetingPoint.address = v;
              })
            }
          />
          <TextField
            label="Horario"
            value={mp.schedule}
            onChange={(v) =>
              edit((d) => {
                d.checkout.deliveryInfo.meetingPoint.schedule = v;
              })
            }
          />
          <TextField
            label="Notas"
            value={mp.notes}
            onChange={(v) =>
              edit((d) => {
                d.checkout.deliveryInfo.meetingPoint.notes = v;
              })
            }
          />
        </div>
        <TextAreaField
          label="Descripción"
          value={mp.description}
          onChange={(v) =>
            edit((d) => {
              d.checkout.deliveryInfo.meetingPoint.description = v;
            })
          }
          rows={2}
        />
      </fieldset>

      <fieldset className="fieldset stack">
        <legend>Envío a domicilio</legend>
        <ToggleField
          label="Envíos habilitados"
          checked={shipping.enabled}
          onChange={(v) =>
            edit((d) => {
              d.checkout.shipping.enabled = v;
            })
          }
        />
        <TextField
          label="Título de la sección de envío"
          value={shipping.title}
          onChange={(v) =>
            edit((d) => {
              d.checkout.shipping.title = v;
            })
          }
        />
        <ToggleField
          label="Envío a domicilio habilitado"
          checked={hd.enabled}
          onChange={(v) =>
            edit((d) => {
              d.checkout.shipping.homeDelivery.enabled = v;
            })
          }
        />
        <div className="form-grid">
          <TextField
            label="Título"
            value={hd.title}
            onChange={(v) =>
              edit((d) => {
                d.checkout.shipping.homeDelivery.title = v;
              })
            }
          />
          <TextField
            label="Cobertura"
            value={hd.coverage}
            onChange={(v) =>
              edit((d) => {
                d.checkout.shipping.homeDelivery.coverage = v;
              })
            }
          />
          <TextField
            label="Días estimados"
            value={hd.estimatedDays}
            onChange={(v) =>
              edit((d) => {
                d.checkout.shipping.homeDelivery.estimatedDays = v;
              })
            }
          />
          <TextField
            label="Notas"
            value={hd.notes}
            onChange={(v) =>
              edit((d) => {
                d.checkout.shipping.homeDelivery.notes = v;
              })
            }
          />
          <AmountField
            label="Costo base de envío ($)"
            value={hd.baseCost}
            placeholder="2500"
            onChange={(v) =>
              edit((d) => {
                d.checkout.shipping.homeDelivery.baseCost = v;
              })
            }
          />
          <AmountField
            label="Envío gratis desde ($)"
            value={hd.freeShippingThreshold}
            placeholder="30000"
            onChange={(v) =>
              edit((d) => {
                d.checkout.shipping.homeDelivery.freeShippingThreshold = v;
              })
            }
          />
        </div>
        <TextAreaField
          label="Descripción"
          value={hd.description}
          onChange={(v) =>
            edit((d) => {
              d.checkout.shipping.homeDelivery.description = v;
            })
          }
          rows={2}
        />
      </fieldset>

      <fieldset className="fieldset stack">
        <legend>Medios de pago</legend>
        <TextField
          label="Título de la sección de pago"
          value={paymentInfo.title}
          onChange={(v) =>
            edit((d) => {
              d.checkout.paymentInfo.title = v;
            })
          }
        />
        <h3>Efectivo</h3>
        <ToggleField
          label="Pago en efectivo habilitado"
          checked={cash.enabled}
          onChange={(v) =>
            edit((d) => {
              d.checkout.paymentInfo.cashOnDelivery.enabled = v;
            })
          }
        />
        <div className="form-grid">
          <TextField
            label="Título"
            value={cash.title}
            onChange={(v) =>
              edit((d) => {
                d.checkout.paymentInfo.cashOnDelivery.title = v;
              })
            }
          />
          <AmountField
            label="Recargo por pago en efectivo ($)"
            value={cash.additionalFee}
            onChange={(v) =>
              edit((d) => {
                d.checkout.paymentInfo.cashOnDelivery.additionalFee = v;
              })
            }
          />
        </div>
        <WholeNumberField
          label="Reserva de pedidos en efectivo (minutos)"
          value={cash.reservationMinutes}
          min={0}
          max={MAX_RESERVATION_MINUTES}
          hint={reservationHint(cash.reservationMinutes, 'esperan la confirmación del pago en efectivo (estado Pendiente)')}
          invalidMessage={RESERVATION_MINUTES_MESSAGE}
          onChange={(v) =>
            edit((d) => {
              d.checkout.paymentInfo.cashOnDelivery.reservationMinutes = v;
            })
          }
        />
        <TextAreaField
          label="Descripción"
          value={cash.description}
          onChange={(v) =>
            edit((d) => {
              d.checkout.paymentInfo.cashOnDelivery.description = v;
            })
          }
          rows={2}
        />
        <TextField
          label="Notas"
          value={cash.notes}
          onChange={(v) =>
            edit((d) => {
              d.checkout.paymentInfo.cashOnDelivery.notes = v;
            })
          }
        />
        <h3>Transferencia bancaria</h3>
        <ToggleField
          label="Transferencia habilitada"
          checked={bank.enabled}
          onChange={(v) =>
            edit((d) => {
              d.checkout.paymentInfo.bankTransfer.enabled = v;
            })
          }
        />
        <div className="form-grid">
          <TextField
            label="Título"
            value={bank.title}
            onChange={(v) =>
              edit((d) => {
                d.checkout.paymentInfo.bankTransfer.title = v;
              })
            }
          />
          <TextField
            label="Banco"
            value={bank.bankName}
            onChange={(v) =>
              edit((d) => {
                d.checkout.paymentInfo.bankTransfer.bankName = v;
              })
            }
          />
          <TextField
            label="CBU"
            value={bank.cbu}
            onChange={(v) =>
              edit((d) => {
                d.checkout.paymentInfo.bankTransfer.cbu = v;
              })
            }
          />
          <TextField
            label="Alias"
            value={bank.alias}
            onChange={(v) =>
              edit((d) => {
                d.checkout.paymentInfo.bankTransfer.alias = v;
              })
            }
          />
          <TextField
            label="Titular de la cuenta"
            value={bank.accountHolder}
            onChange={(v) =>
              edit((d) => {
                d.checkout.paymentInfo.bankTransfer.accountHolder = v;
              })
            }
          />
          <TextField
            label="Tipo de cuenta"
            value={bank.accountType}
            onChange={(v) =>
              edit((d) => {
                d.checkout.paymentInfo.bankTransfer.accountType = v;
              })
            }
          />
          <TextField
            label="Número de cuenta"
            value={bank.accountNumber}
            onChange={(v) =>
              edit((d) => {
                d.checkout.paymentInfo.bankTransfer.accountNumber = v;
              })
            }
          />
        </div>
        <TextAreaField
          label="Instrucciones"
          value={bank.instructions}
          onChange={(v) =>
            edit((d) => {
              d.checkout.paymentInfo.bankTransfer.instructions = v;
            })
          }
          rows={3}
        />
        <WholeNumberField
          label="Reserva de pedidos por transferencia sin comprobante (minutos)"
          value={bank.reservationMinutes}
          min={0}
          max={MAX_RESERVATION_MINUTES}
          hint={reservationHint(bank.reservationMinutes, 'esperan el comprobante de transferencia (estado Falta Comprobante)')}
          invalidMessage={RESERVATION_MINUTES_MESSAGE}
          onChange={(v) =>
            edit((d) => {
              d.checkout.paymentInfo.bankTransfer.reservationMinutes = v;
            })
          }
        />
      </fieldset>
      <fieldset className="fieldset stack">
        <legend>Límite por pedido</legend>
        <WholeNumberField
          label="Máximo de unidades de un mismo producto por pedido"
          value={content.checkout.maxUnitsPerProduct}
          min={1}
          max={MAX_UNITS_PER_PRODUCT_LIMIT}
          hint="Sumando todos los talles y colores. Un pedido que pida más recibe un aviso y no se registra."
          invalidMessage={MAX_UNITS_PER_PRODUCT_MESSAGE}
          onChange={(v) =>
            edit((d) => {
              d.checkout.maxUnitsPerProduct = v;
            })
          }
        />
      </fieldset>
    </div>
  );
}
