import { useId } from 'react';
import { AlertTriangle } from 'lucide-react';
import {
  MAX_INSTALLMENTS,
  MAX_INSTALLMENTS_MESSAGE,
  MAX_PAYMENT_DISCOUNT_PERCENT,
  PAYMENT_DISCOUNT_MESSAGE,
  MIN_INSTALLMENTS,
  MAX_RESERVATION_MINUTES,
  MERCADOPAGO_RESERVATION_MESSAGE,
  RESERVATION_MINUTES_MESSAGE,
  type SiteContent,
} from '@shop/shared';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { AmountField, TextAreaField, TextField, ToggleField, WholeNumberField } from '../fields';
import { TextFieldList } from '../field-list';
import { InstallmentPlansFields } from './installment-plans-fields';

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

/** The discount field of each manual payment method: its label and how shoppers read the discount. */
const DISCOUNTS = {
  cash: { label: 'Descuento en efectivo (%)', shown: 'en efectivo' },
  bank: { label: 'Descuento por transferencia (%)', shown: 'con transferencia' },
};

/** The reservation field of each payment method: its label and what the reserved order waits for. */
const RESERVATIONS = {
  cash: {
    label: 'Reserva de pedidos en efectivo (minutos)',
    waitingFor: 'esperan la confirmación del pago en efectivo (estado Pendiente)',
  },
  bank: {
    label: 'Reserva de pedidos por transferencia sin comprobante (minutos)',
    waitingFor: 'esperan el comprobante de transferencia (estado Falta Comprobante)',
  },
  mercadoPago: {
    label: 'Reserva de pedidos con Mercado Pago sin pagar (minutos)',
    waitingFor: 'esperan que Mercado Pago informe el pago (estado Pendiente (Mercado Pago)); el link de pago vence a la misma hora',
    min: 1,
    invalidMessage: MERCADOPAGO_RESERVATION_MESSAGE,
  },
};

const BANK_FIELDS = [
  ['Título', 'title'],
  ['Banco', 'bankName'],
  ['CBU', 'cbu'],
  ['Alias', 'alias'],
  ['Titular de la cuenta', 'accountHolder'],
  ['Tipo de cuenta', 'accountType'],
  ['Número de cuenta', 'accountNumber'],
] as const;

type PaymentInfo = SiteContent['checkout']['paymentInfo'];

/** The percent off for paying with a method (0–50), shown to shoppers as "10% OFF con transferencia". */
function PaymentDiscountField({
  label,
  shown,
  value,
  onChange,
}: {
  label: string;
  shown: string;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <WholeNumberField
      label={label}
      value={value}
      onChange={onChange}
      min={0}
      max={MAX_PAYMENT_DISCOUNT_PERCENT}
      hint={`Se muestra como "${value > 0 ? value : 10}% OFF ${shown}" y se descuenta al final, después de promociones y cupones. 0 = sin descuento.`}
      invalidMessage={PAYMENT_DISCOUNT_MESSAGE}
    />
  );
}

/** How long an unpaid order of one payment method keeps its products reserved. */
function ReservationField({
  label,
  minutes,
  waitingFor,
  onChange,
  min = 0,
  invalidMessage = RESERVATION_MINUTES_MESSAGE,
}: {
  label: string;
  minutes: number;
  waitingFor: string;
  onChange: (minutes: number) => void;
  /** Mercado Pago holds at least a minute (never for ever); the others may be 0 = no limit. */
  min?: number;
  invalidMessage?: string;
}) {
  return (
    <WholeNumberField
      label={label}
      value={minutes}
      min={min}
      max={MAX_RESERVATION_MINUTES}
      hint={reservationHint(minutes, waitingFor)}
      invalidMessage={invalidMessage}
      onChange={onChange}
    />
  );
}

/**
 * Mercado Pago (Checkout Pro): switched on here, but offered at checkout only while the server also holds its
 * credentials (`mercadoPagoReady`, from `GET /content`); without them the switch is explained, not hidden, so the
 * owner can prepare the texts before the credentials are set.
 */
function MercadoPagoFields({
  paymentInfo,
  edit,
  mercadoPagoReady,
}: {
  paymentInfo: PaymentInfo;
  edit: ContentEdit;
  mercadoPagoReady: boolean;
}) {
  const warningId = useId();
  const mp = paymentInfo.mercadoPago;
  const setMp = draftSetter(edit, (d) => d.checkout.paymentInfo.mercadoPago);
  return (
    <>
      <h3>Mercado Pago</h3>
      {!mercadoPagoReady && (
        <div className="alert alert-warning" id={warningId} data-testid="mercadopago-not-configured">
          <AlertTriangle size={18} aria-hidden="true" />
          <p className="alert-text">
            <strong>Mercado Pago no se va a ofrecer en la tienda todavía:</strong> al servidor le faltan las credenciales{' '}
            <code>MERCADOPAGO_ACCESS_TOKEN</code> y <code>MERCADOPAGO_WEBHOOK_SECRET</code>. Aunque lo habilites acá, no aparece en el
            checkout hasta que estén configuradas. El README explica cómo obtenerlas y cargarlas.
          </p>
        </div>
      )}
      <ToggleField
        label="Mercado Pago habilitado"
        checked={mp.enabled}
        onChange={setMp('enabled')}
        describedBy={mercadoPagoReady ? undefined : warningId}
      />
      <TextField label="Título" value={mp.title} onChange={setMp('title')} />
      <TextAreaField label="Descripción" value={mp.description} onChange={setMp('description')} rows={2} />
      <WholeNumberField
        label="Cuotas máximas"
        value={mp.maxInstallments}
        min={MIN_INSTALLMENTS}
        max={MAX_INSTALLMENTS}
        hint={`Hasta cuántas cuotas ofrece Mercado Pago al pagar con tarjeta de crédito (de ${MIN_INSTALLMENTS} a ${MAX_INSTALLMENTS}; 1 = sin cuotas).`}
        invalidMessage={MAX_INSTALLMENTS_MESSAGE}
        onChange={setMp('maxInstallments')}
      />
      <InstallmentPlansFields mercadoPago={mp} edit={edit} />
      <ReservationField {...RESERVATIONS.mercadoPago} minutes={mp.reservationMinutes} onChange={setMp('reservationMinutes')} />
    </>
  );
}

interface PaymentFieldsProps {
  paymentInfo: PaymentInfo;
  edit: ContentEdit;
  /** The server has Mercado Pago's credentials (`services.mercadoPago` of `GET /content`). */
  mercadoPagoReady: boolean;
}

/** The "Medios de pago" fieldset of the checkout tab: cash on delivery, bank transfer and Mercado Pago. */
export function PaymentFields({ paymentInfo, edit, mercadoPagoReady }: PaymentFieldsProps) {
  const cash = paymentInfo.cashOnDelivery;
  const bank = paymentInfo.bankTransfer;
  const setPayment = draftSetter(edit, (d) => d.checkout.paymentInfo);
  const setCash = draftSetter(edit, (d) => d.checkout.paymentInfo.cashOnDelivery);
  const setBank = draftSetter(edit, (d) => d.checkout.paymentInfo.bankTransfer);
  return (
    <fieldset className="fieldset stack">
      <legend>Medios de pago</legend>
      <TextField label="Título de la sección de pago" value={paymentInfo.title} onChange={setPayment('title')} />
      <h3>Efectivo</h3>
      <ToggleField label="Pago en efectivo habilitado" checked={cash.enabled} onChange={setCash('enabled')} />
      <div className="form-grid">
        <TextField label="Título" value={cash.title} onChange={setCash('title')} />
        <AmountField label="Recargo por pago en efectivo ($)" value={cash.additionalFee} onChange={setCash('additionalFee')} />
      </div>
      <PaymentDiscountField {...DISCOUNTS.cash} value={cash.discountPercent} onChange={setCash('discountPercent')} />
      <ReservationField {...RESERVATIONS.cash} minutes={cash.reservationMinutes} onChange={setCash('reservationMinutes')} />
      <TextAreaField label="Descripción" value={cash.description} onChange={setCash('description')} rows={2} />
      <TextField label="Notas" value={cash.notes} onChange={setCash('notes')} />
      <h3>Transferencia bancaria</h3>
      <ToggleField label="Transferencia habilitada" checked={bank.enabled} onChange={setBank('enabled')} />
      <TextFieldList part={bank} set={setBank} fields={BANK_FIELDS} grid />
      <TextAreaField label="Instrucciones" value={bank.instructions} onChange={setBank('instructions')} rows={3} />
      <PaymentDiscountField {...DISCOUNTS.bank} value={bank.discountPercent} onChange={setBank('discountPercent')} />
      <ReservationField {...RESERVATIONS.bank} minutes={bank.reservationMinutes} onChange={setBank('reservationMinutes')} />
      <MercadoPagoFields paymentInfo={paymentInfo} edit={edit} mercadoPagoReady={mercadoPagoReady} />
    </fieldset>
  );
}
