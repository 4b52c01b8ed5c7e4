import { useQuery } from '@tanstack/react-query';
import { MANUAL_ORDER_CHANNELS, ORDER_CHANNEL_LABELS, type ManualOrderChannel, type PaymentMethod } from '@shop/shared';
import { ChipRadios } from '@/components/chip-radios';
import { ChoiceField } from '@/components/select-field';
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
        <ChipRadios
          name="sale-delivery"
          label="Tipo de entrega"
          choices={DELIVERIES}
          value={form.deliveryType}
          onChange={(deliveryType) => onChange({ deliveryType })}
        />
        {form.deliveryType === 'pickup' && points.length > 0 && (
          <ChoiceField
            id="sale-point"
            label="Punto de encuentro"
            value={form.meetingPointId}
            onChange={(meetingPointId) => onChange({ meetingPointId })}
            all="Elegí un punto"
            choices={points.map((p) => ({ value: p.id, label: p.title }))}
          />
        )}
        {form.deliveryType === 'delivery' && zones.length > 0 && (
          <ChoiceField
            id="sale-zone"
            label="Zona de envío"
            value={form.zoneId}
            onChange={(zoneId) => onChange({ zoneId })}
            all="Elegí una zona"
            choices={zones.map((z) => ({ value: z.id, label: z.name }))}
          />
        )}
      </fieldset>
      <fieldset className="fieldset">
        <legend>Pago</legend>
        <ChipRadios
          name="sale-payment"
          label="Medio de pago"
          choices={PAYMENTS}
          value={form.paymentMethod}
          onChange={(paymentMethod) => onChange({ paymentMethod })}
        />
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
