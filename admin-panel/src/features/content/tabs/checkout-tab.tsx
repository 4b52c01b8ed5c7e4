import { MAX_UNITS_PER_PRODUCT_LIMIT, MAX_UNITS_PER_PRODUCT_MESSAGE } from '@shop/shared';
import { draftSetter, type ContentTabProps } from '../content-editor-model';
import { AmountField, TextAreaField, TextField, ToggleField, WholeNumberField } from '../fields';
import { TextFieldList } from '../field-list';
import { usePermission } from '@/features/auth';
import { PaymentFields } from './checkout-payment-fields';

const MEETING_POINT_FIELDS = [
  ['Título', 'title'],
  ['Dirección', 'address'],
  ['Horario', 'schedule'],
  ['Notas', 'notes'],
] as const;

const HOME_DELIVERY_FIELDS = [
  ['Título', 'title'],
  ['Cobertura', 'coverage'],
  ['Días estimados', 'estimatedDays'],
  ['Notas', 'notes'],
] as const;

export function CheckoutTab({ content, edit, services }: ContentTabProps) {
  const { deliveryInfo, shipping } = content.checkout;
  const mp = deliveryInfo.meetingPoint;
  const hd = shipping.homeDelivery;
  const setDelivery = draftSetter(edit, (d) => d.checkout.deliveryInfo);
  const setMeetingPoint = draftSetter(edit, (d) => d.checkout.deliveryInfo.meetingPoint);
  const setShipping = draftSetter(edit, (d) => d.checkout.shipping);
  const setHome = draftSetter(edit, (d) => d.checkout.shipping.homeDelivery);
  const setCheckout = draftSetter(edit, (d) => d.checkout);
  // Payment methods and bank details are the owner's (the server refuses other roles' changes to them).
  const mayEditPayments = usePermission('settings.manage');
  return (
    <div className="stack">
      <fieldset className="fieldset stack">
        <legend>Retiro en punto de encuentro</legend>
        <TextField label="Título de la sección de entrega" value={deliveryInfo.title} onChange={setDelivery('title')} />
        <ToggleField label="Retiro habilitado" checked={mp.enabled} onChange={setMeetingPoint('enabled')} />
        <TextFieldList part={mp} set={setMeetingPoint} fields={MEETING_POINT_FIELDS} grid />
        <TextAreaField label="Descripción" value={mp.description} onChange={setMeetingPoint('description')} rows={2} />
        <p className="hint">
          {deliveryInfo.meetingPoints.length > 0
            ? 'El cliente elige entre los puntos de encuentro de la pestaña «Envíos».'
            : 'Para ofrecer varios lugares de retiro, cargalos en la pestaña «Envíos».'}
        </p>
      </fieldset>

      <fieldset className="fieldset stack">
        <legend>Envío a domicilio</legend>
        <ToggleField label="Envíos habilitados" checked={shipping.enabled} onChange={setShipping('enabled')} />
        <TextField label="Título de la sección de envío" value={shipping.title} onChange={setShipping('title')} />
        <ToggleField label="Envío a domicilio habilitado" checked={hd.enabled} onChange={setHome('enabled')} />
        <div className="form-grid">
          <TextFieldList part={hd} set={setHome} fields={HOME_DELIVERY_FIELDS} />
          <AmountField label="Costo base de envío ($)" value={hd.baseCost} placeholder="2500" onChange={setHome('baseCost')} />
          <AmountField
            label="Envío gratis desde ($)"
            value={hd.freeShippingThreshold}
            placeholder="30000"
            onChange={setHome('freeShippingThreshold')}
          />
        </div>
        <TextAreaField label="Descripción" value={hd.description} onChange={setHome('description')} rows={2} />
        <p className="hint">
          {hd.zones.length > 0
            ? 'El costo del envío lo fija cada zona de la pestaña «Envíos»; el costo base y el envío gratis de arriba no se usan.'
            : 'Para cobrar distinto según el barrio, cargá zonas en la pestaña «Envíos».'}
        </p>
      </fieldset>

      {mayEditPayments ? (
        <PaymentFields paymentInfo={content.checkout.paymentInfo} edit={edit} mercadoPagoReady={services?.mercadoPago === true} />
      ) : (
        <fieldset className="fieldset stack" data-testid="payment-owner-only">
          <legend>Medios de pago</legend>
          <p className="hint">Los medios de pago y los datos bancarios los cambia la dueña o el dueño de la tienda.</p>
        </fieldset>
      )}
      <fieldset className="fieldset stack">
        <legend>Límite por pedido</legend>
        <WholeNumberField
          label="Máximo de unidades de un mismo producto por pedido"
          value={content.checkout.maxUnitsPerProduct}
          min={1}
          max={MAX_UNITS_PER_PRODUCT_LIMIT}
          hint="Sumando todos los talles y colores. Un pedido que pida más recibe un aviso y no se registra."
          invalidMessage={MAX_UNITS_PER_PRODUCT_MESSAGE}
          onChange={setCheckout('maxUnitsPerProduct')}
        />
        <WholeNumberField
          label="Pedir DNI o CUIT para la factura a partir de ($)"
          value={content.checkout.invoiceIdentificationThreshold}
          min={0}
          max={1_000_000_000}
          hint="Por encima de este total ARCA pide identificar a quien compra: el checkout pide su DNI o CUIT. 0: nunca se pide."
          invalidMessage="El monto a partir del cual se pide DNI o CUIT debe ser un número entero entre 0 y 1.000.000.000"
          onChange={setCheckout('invoiceIdentificationThreshold')}
        />
      </fieldset>
    </div>
  );
}
