import { useState, type KeyboardEvent } from 'react';
import { UserSearch, X } from 'lucide-react';
import type { CustomerSummary } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { InputField } from '@/components/form-field';
import { findCustomers } from './api/counter-screen-api';
import type { CounterCustomer } from './screen-model';

interface Props {
  customer: CounterCustomer;
  onChange: (customer: CounterCustomer) => void;
}

/**
 * The customer, optional ("Consumidor final" without one): found by phone (or name, e-mail) among the shop's customers,
 * and her DNI or CUIT for the invoice.
 */
export function CustomerPicker({ customer, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<CustomerSummary[] | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  async function look() {
    if (!search.trim()) {
      setStatus('Escribí un teléfono para buscar');
      return;
    }
    setBusy(true);
    try {
      const customers = await findCustomers(search);
      setFound(customers);
      setStatus(customers.length === 0 ? 'No hay clientes con ese dato' : `${customers.length} clientes encontrados`);
    } catch (err) {
      setStatus(errorMessage(err, 'No se pudo buscar al cliente'));
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void look();
  }

  function choose(c: CustomerSummary) {
    onChange({ ...customer, name: c.name, phone: c.phone ?? '', email: c.email ?? '' });
    setFound(null);
    setSearch('');
    setStatus(`Cliente: ${c.name}`);
  }

  return (
    <fieldset className="fieldset screen-customer">
      <legend>Cliente (opcional)</legend>
      {customer.name ? (
        <p className="screen-customer-chosen" data-testid="screen-customer">
          <strong>{customer.name}</strong> {customer.phone || customer.email}
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => onChange({ ...customer, name: '', phone: '', email: '', whatsappOptIn: false })}
          >
            <X size={16} aria-hidden="true" /> Quitar cliente
          </button>
        </p>
      ) : (
        <div className="screen-inline">
          <InputField
            id="screen-customer-search"
            label="Teléfono, nombre o e-mail"
            fieldClass="field field-grow"
            type="search"
            autoComplete="off"
            value={search}
            onChange={setSearch}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="btn btn-secondary" onClick={() => void look()} disabled={busy}>
            <UserSearch size={16} aria-hidden="true" /> {busy ? 'Buscando…' : 'Buscar'}
          </button>
        </div>
      )}
      {found && found.length > 0 && (
        <ul className="screen-found" aria-label="Clientes encontrados">
          {found.map((c) => (
            <li key={c.id}>
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => choose(c)}>
                {c.name} · {c.phone || c.email || 'sin contacto'}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p role="status" aria-live="polite" className="hint">
        {status}
      </p>
      {customer.phone && (
        <label className="chip-check">
          <input
            type="checkbox"
            checked={customer.whatsappOptIn}
            onChange={(e) => onChange({ ...customer, whatsappOptIn: e.target.checked })}
          />
          Quiere recibir novedades de la compra por WhatsApp
        </label>
      )}
      <div className="field">
        <label htmlFor="screen-document">DNI o CUIT para la factura (opcional)</label>
        <input
          id="screen-document"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={customer.document}
          onChange={(e) => onChange({ ...customer, document: e.target.value.replace(/[^\d.\- ]/g, '').slice(0, 20) })}
        />
      </div>
    </fieldset>
  );
}
