import { useQuery } from '@tanstack/react-query';
import { MANUAL_ORDER_CHANNELS, ORDER_CHANNEL_LABELS, type ManualOrderChannel, type PaymentMethod } from '@shop/shared';
import { contentQueries } from '@/features/content';
import type { SaleDelivery, SaleForm } from './sale-model';

interface Props {
  form: SaleForm;
  onChange: (patch: Partial<SaleForm>) => void;
}

const DELIVERIES: { value: SaleDelivery; label: string }[] = [
  { value: 'store', label: 'Entrega en el local' },
  { value: 'pickup', label: 'Retiro en punto de encuentro' },
  { value: 'delivery', label: 'Envío a domicilio' },
];
const PAYMENTS: { value: PaymentMethod; label: string }[] = [
  { value: 'mercadopago', label: 'Mercado Pago (link de pago)' },
  { value: 'cash', label: 'Efectivo' },
  { value: 'transfer', label: 'Transferencia' },
];

export function SaleChannelField({ form, onChange }: Props) {
  return (
    <div className="field">
      <label htmlFor="sale-channel">Canal de la venta</label>
      <select id="sale-channel" value={form.channel} onChange={(e) => onChange({ channel: e.target.value as ManualOrderChannel })}>
        {MANUAL_ORDER_CHANNELS.map((c) => (
          <option key={c} value={c}>
            {ORDER_CHANNEL_LABELS[c]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Delivery (counter, meeting point, home), payment (and "cobrada en el momento") and the manual discount. */
export function SaleOptions({ form, onChange }: Props) {
  const content = useQuery({ ...contentQueries.site(), retry: 0 });
  const points = (content.data?.checkout.deliveryInfo.meetingPoints ?? []).filter((p) => p.enabled);
  const zones = (content.data?.checkout.shipping.homeDelivery.zones ?? []).filter((z) => z.enabled);
  return (
    <>
      <fieldset className="fieldset">
        <legend>Entrega</legend>
        <div className="chip-group" role="radiogroup" aria-label="Tipo de entrega">
          {DELIVERIES.map((d) => (
            <label key={d.value} className="chip-check">
              <input
                type="radio"
                name="sale-delivery"
                value={d.value}
                checked={form.deliveryType === d.value}
                onChange={() => onChange({ deliveryType: d.value })}
              />
              {d.label}
            </label>
          ))}
        </div>
        {form.deliveryType === 'pickup' && points.length > 0 && (
          <div className="field">
            <label htmlFor="sale-point">Punto de encuentro</label>
            <select id="sale-point" value={form.meetingPointId} onChange={(e) => onChange({ meetingPointId: e.target.value })}>
              <option value="">Elegí un punto</option>
              {points.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          </div>
        )}
        {form.deliveryType === 'delivery' && zones.length > 0 && (
          <div className="field">
            <label htmlFor="sale-zone">Zona de envío</label>
            <select id="sale-zone" value={form.zoneId} onChange={(e) => onChange({ zoneId: e.target.value })}>
              <option value="">Elegí una zona</option>
              {zones.map((z) => (
                <option key={z.id} value={z.id}>
                  {z.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </fieldset>
      <fieldset className="fieldset">
        <legend>Pago</legend>
        <div className="chip-group" role="radiogroup" aria-label="Medio de pago">
          {PAYMENTS.map((p) => (
            <label key={p.value} className="chip-check">
              <input
                type="radio"
                name="sale-payment"
                value={p.value}
                checked={form.paymentMethod === p.value}
                onChange={() => onChange({ paymentMethod: p.value })}
              />
              {p.label}
            </label>
          ))}
        </div>
        {form.paymentMethod !== 'mercadopago' && (
          <label className="chip-check sale-paid-now">
            <input type="checkbox" checked={form.paidNow} onChange={(e) => onChange({ paidNow: e.target.checked })} />
            Cobrada en el momento
          </label>
        )}
      </fieldset>
      <fieldset className="fieldset">
        <legend>Descuento manual</legend>
        <div className="form-grid">
          <div className="field">
            <label htmlFor="sale-discount-kind">Tipo</label>
            <select
              id="sale-discount-kind"
              value={form.discountKind}
              onChange={(e) => onChange({ discountKind: e.target.value as SaleForm['discountKind'] })}
            >
              <option value="none">Sin descuento</option>
              <option value="percent">Porcentaje del subtotal</option>
              <option value="amount">Monto en pesos</option>
            </select>
          </div>
          {form.discountKind !== 'none' && (
            <>
              <div className="field">
                <label htmlFor="sale-discount-value">{form.discountKind === 'percent' ? 'Porcentaje (%)' : 'Monto ($)'}</label>
                <input
                  id="sale-discount-value"
                  inputMode="decimal"
                  value={form.discountValue}
                  onChange={(e) => onChange({ discountValue: e.target.value })}
                />
              </div>
              <div className="field span-2">
                <label htmlFor="sale-discount-reason">Motivo del descuento</label>
                <input
                  id="sale-discount-reason"
                  type="text"
                  maxLength={200}
                  value={form.discountReason}
                  onChange={(e) => onChange({ discountReason: e.target.value })}
                />
              </div>
            </>
          )}
        </div>
      </fieldset>
    </>
  );
}
