import { useState } from 'react';
import { UserSearch } from 'lucide-react';
import { errorMessage } from '@shop/client-kit';
import { lastOrderOf } from './api/sales-api';
import type { SaleCustomer, SaleDelivery } from './sale-model';

interface Props {
  customer: SaleCustomer;
  deliveryType: SaleDelivery;
  onChange: (customer: SaleCustomer) => void;
  /** "La clienta quiere recibir novedades del pedido por WhatsApp" (off by default). */
  whatsappOptIn: boolean;
  onWhatsappOptIn: (value: boolean) => void;
}

/**
 * The customer: found by phone or e-mail (her last order fills the rest) or typed. A phone or an e-mail is enough;
 * the address only for a home delivery.
 */
export function SaleCustomerFields({ customer, deliveryType, onChange, whatsappOptIn, onWhatsappOptIn }: Props) {
  const [status, setStatus] = useState('');
  const [looking, setLooking] = useState(false);
  const set = (field: keyof SaleCustomer) => (e: { target: { value: string } }) => onChange({ ...customer, [field]: e.target.value });

  async function lookUp() {
    const contact = customer.phone.trim() || customer.email.trim();
    if (!contact) {
      setStatus('Escribí un teléfono o un e-mail para buscar');
      return;
    }
    setLooking(true);
    try {
      const order = await lastOrderOf(contact);
      if (!order) {
        setStatus('No hay compras anteriores con ese dato: completá los datos a mano');
        return;
      }
      const info = order.shippingInfo;
      onChange({
        fullName: info.fullName || customer.fullName,
        phone: info.phone || customer.phone,
        email: info.email || customer.email,
        address: info.address ?? customer.address,
        city: info.city ?? customer.city,
      });
      setStatus(`Datos de la última compra (${order.orderNumber}) cargados`);
    } catch (err) {
      setStatus(errorMessage(err, 'No se pudo buscar al cliente'));
    } finally {
      setLooking(false);
    }
  }

  return (
    <fieldset className="fieldset">
      <legend>Cliente</legend>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="sale-phone">Teléfono</label>
          <input id="sale-phone" type="tel" autoComplete="off" value={customer.phone} onChange={set('phone')} />
        </div>
        <div className="field">
          <label htmlFor="sale-email">E-mail (opcional)</label>
          <input id="sale-email" type="email" autoComplete="off" value={customer.email} onChange={set('email')} />
        </div>
        <div className="span-2">
          <label className="switch">
            <input
              type="checkbox"
              checked={whatsappOptIn}
              onChange={(e) => onWhatsappOptIn(e.target.checked)}
              aria-describedby="sale-whatsapp-hint"
            />
            La clienta quiere recibir novedades del pedido por WhatsApp
          </label>
          <p className="hint" id="sale-whatsapp-hint">
            Los avisos de cada paso del pedido le llegan al teléfono de arriba: tiene que ser un celular con WhatsApp.
          </p>
        </div>
        <div className="span-2 sale-inline">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void lookUp()} disabled={looking}>
            <UserSearch size={16} aria-hidden="true" /> {looking ? 'Buscando…' : 'Buscar cliente'}
          </button>
          <span role="status" aria-live="polite" className="hint" data-testid="sale-customer-status">
            {status}
          </span>
        </div>
        <div className="field span-2">
          <label htmlFor="sale-name">Nombre y apellido</label>
          <input id="sale-name" type="text" autoComplete="off" value={customer.fullName} onChange={set('fullName')} required />
        </div>
        {deliveryType === 'delivery' && (
          <>
            <div className="field">
              <label htmlFor="sale-address">Dirección</label>
              <input id="sale-address" type="text" value={customer.address} onChange={set('address')} required />
            </div>
            <div className="field">
              <label htmlFor="sale-city">Ciudad</label>
              <input id="sale-city" type="text" value={customer.city} onChange={set('city')} required />
            </div>
          </>
        )}
      </div>
      <p className="hint">Indicá al menos un teléfono o un e-mail. Sin e-mail no se envían correos a la clienta.</p>
    </fieldset>
  );
}
