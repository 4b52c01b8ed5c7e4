import { Clock, IdCard, Mail, MapPin, Phone, Truck, User } from 'lucide-react';
import { formatPrice, nationalShippingText, PROVINCES, type Order } from '@shop/shared';
import { DetailCard } from '@/components/detail-card';

/** The zone a delivery was priced with, or the place a pickup is collected at (as they were when the order was placed). */
function DeliveryPlace({ order }: { order: Order }) {
  const national = order.nationalShipping;
  if (order.deliveryType === 'carrier' && national) {
    const a = national.address;
    const province = PROVINCES.find((p) => p.code === a.province)?.name ?? a.province;
    const street = [`${a.street} ${a.number}`, a.floor ? `piso ${a.floor}` : '', a.apartment ? `depto. ${a.apartment}` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <li data-testid="order-national-shipping">
        <Truck size={16} aria-hidden="true" />
        <span>
          {nationalShippingText(national)} · {formatPrice(national.price)}
          {national.branch && (
            <span className="cell-sub">
              Sucursal {national.branch.name}: {national.branch.address}
            </span>
          )}
          <span className="cell-sub">{[street, a.locality, province, `CP ${a.postalCode}`].join(', ')}</span>
        </span>
      </li>
    );
  }
  if (order.deliveryType === 'delivery') {
    if (!order.zone) return null;
    return (
      <li data-testid="order-zone">
        <Truck size={16} aria-hidden="true" />
        <span>
          Zona {order.zone.name}
          <span className="cell-sub">Costo de envío de la zona: {formatPrice(order.zone.cost)}</span>
        </span>
      </li>
    );
  }
  const point = order.meetingPoint;
  if (!point) return null;
  return (
    <>
      <li data-testid="order-meeting-point">
        <MapPin size={16} aria-hidden="true" />
        <span>
          Retiro en <strong>{point.title}</strong>
          {point.address && <span className="cell-sub">{point.address}</span>}
        </span>
      </li>
      {point.schedule && (
        <li>
          <Clock size={16} aria-hidden="true" />
          <span>{point.schedule}</span>
        </li>
      )}
    </>
  );
}

/**
 * An e-mail or phone as a link, or, where the order has none (Mercado Libre hides its buyers' contacts), a plain line
 * saying so: never a link with no text, which a screen reader announces as an unnamed link.
 */
function ContactLine({
  icon: Icon,
  label,
  value,
  href,
  marketplace,
}: {
  icon: typeof Mail;
  label: string;
  value: string | undefined;
  href: string;
  marketplace: boolean;
}) {
  const text = value?.trim();
  return (
    <li>
      <Icon size={16} aria-hidden="true" />{' '}
      {text ? (
        <a href={href}>{text}</a>
      ) : (
        <span className="cell-sub">
          {label}: {marketplace ? 'Mercado Libre no comparte este dato' : 'sin dato'}
        </span>
      )}
    </li>
  );
}

/** Who ordered (name, e-mail, phone) and where it goes, side by side. */
export function OrderCustomerCards({ order }: { order: Order }) {
  const info = order.shippingInfo;
  const marketplace = order.channel === 'mercadolibre';
  const carrier = order.deliveryType === 'carrier';
  const delivery = order.deliveryType === 'delivery' || carrier;
  return (
    <div className="two-col">
      <DetailCard headingId="customer-title" title="Cliente">
        <ul className="contact-list">
          <li>
            <User size={16} aria-hidden="true" /> {info.fullName}
          </li>
          <ContactLine icon={Mail} label="E-mail" value={info.email} href={`mailto:${info.email}`} marketplace={marketplace} />
          <ContactLine icon={Phone} label="Teléfono" value={info.phone} href={`tel:${info.phone}`} marketplace={marketplace} />
          {order.buyerDocument && (
            <li data-testid="order-buyer-document">
              <IdCard size={16} aria-hidden="true" /> {order.buyerDocument.length === 11 ? 'CUIT' : 'DNI'} {order.buyerDocument}
            </li>
          )}
        </ul>
      </DetailCard>
      <DetailCard headingId="address-title" title={carrier ? 'Envío a todo el país' : delivery ? 'Dirección de envío' : 'Entrega'}>
        <ul className="contact-list">
          {((delivery && !(carrier && order.nationalShipping)) || (!delivery && !order.meetingPoint)) && (
            <li>
              <MapPin size={16} aria-hidden="true" />
              <span>
                {delivery ? info.address || '—' : order.deliveryType === 'carrier' ? 'Envío por correo' : 'Retiro en punto de encuentro'}
                {info.city && <span className="cell-sub">{info.city}</span>}
                {info.postalCode && <span className="cell-sub">CP {info.postalCode}</span>}
              </span>
            </li>
          )}
          <DeliveryPlace order={order} />
        </ul>
      </DetailCard>
    </div>
  );
}
