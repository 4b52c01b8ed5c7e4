import { Mail, MapPin, Phone, User } from 'lucide-react';
import type { Order } from '@shop/shared';
import { DetailCard } from '@/components/detail-card';

/** Who ordered (name, e-mail, phone) and where it goes, side by side. */
export function OrderCustomerCards({ order }: { order: Order }) {
  const info = order.shippingInfo;
  return (
    <div className="two-col">
      <DetailCard headingId="customer-title" title="Cliente">
        <ul className="contact-list">
          <li>
            <User size={16} aria-hidden="true" /> {info.fullName}
          </li>
          <li>
            <Mail size={16} aria-hidden="true" /> <a href={`mailto:${info.email}`}>{info.email}</a>
          </li>
          <li>
            <Phone size={16} aria-hidden="true" /> <a href={`tel:${info.phone}`}>{info.phone}</a>
          </li>
        </ul>
      </DetailCard>
      <DetailCard headingId="address-title" title={order.deliveryType === 'delivery' ? 'Dirección de envío' : 'Entrega'}>
        <ul className="contact-list">
          <li>
            <MapPin size={16} aria-hidden="true" />
            <span>
              {order.deliveryType === 'delivery' ? info.address || '—' : 'Retiro en punto de encuentro'}
              {info.city && <span className="cell-sub">{info.city}</span>}
              {info.postalCode && <span className="cell-sub">CP {info.postalCode}</span>}
            </span>
          </li>
        </ul>
      </DetailCard>
    </div>
  );
}
