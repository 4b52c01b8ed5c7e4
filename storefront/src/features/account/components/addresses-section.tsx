import { useState } from 'react';
import { ErrorNotice } from '@/components/form-parts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_LIMITS, ACCOUNT_MSG, type AccountAddress } from '@shop/shared';
import { useBusyAction } from '@/lib/use-busy-action';
import { saveAddresses } from '../api/account-api';
import { accountQueries } from '../api/account-queries';
import { addressLine, addressName, newAddressId } from '../address-rules';
import { AddressForm } from './address-form';
import { AccountSection, QueryState } from './section-state';

const emptyAddress = (): AccountAddress => ({
  id: newAddressId(),
  label: '',
  fullName: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  notes: '',
  national: null,
});

/** "Tus direcciones": the checkout offers them; added, edited and deleted here (the whole list is saved each time). */
export function AddressesSection() {
  const queryClient = useQueryClient();
  const query = useQuery(accountQueries.addresses());
  const [editing, setEditing] = useState<{ address: AccountAddress; isNew: boolean } | null>(null);
  const { busy, error, run, clearError } = useBusyAction();
  const [status, setStatus] = useState('');

  const save = (next: AccountAddress[], done: string) => {
    setStatus('');
    return run(async () => {
      const saved = await saveAddresses(next);
      queryClient.setQueryData(accountQueries.addresses().queryKey, saved);
      setEditing(null);
      setStatus(done);
    });
  };

  return (
    <AccountSection id="account-addresses" title="Tus direcciones">
      <QueryState query={query} loading="Cargando tus direcciones...">
        {(addresses) => {
          const full = addresses.length >= ACCOUNT_LIMITS.addresses;
          const upsert = (address: AccountAddress) =>
            editing?.isNew
              ? void save([...addresses, address], 'Guardamos la dirección.')
              : void save(
                  addresses.map((a) => (a.id === address.id ? address : a)),
                  'Guardamos los cambios.',
                );
          return (
            <>
              {addresses.length === 0 ? (
                <p className="muted">Todavía no guardaste direcciones. Guardalas acá o al comprar, y el checkout te las ofrece.</p>
              ) : (
                <ul className="account-list">
                  {addresses.map((address) => (
                    <li key={address.id} className="account-list__item" data-testid="account-address">
                      <div>
                        <strong>{addressName(address)}</strong>
                        <p className="small">{addressLine(address)}</p>
                        {(address.fullName || address.phone) && (
                          <p className="muted small">{[address.fullName, address.phone].filter(Boolean).join(' · ')}</p>
                        )}
                        {address.notes && <p className="muted small">{address.notes}</p>}
                      </div>
                      <div className="account-actions">
                        <button
                          type="button"
                          className="btn btn--ghost btn--sm"
                          aria-label={`Editar ${addressName(address)}`}
                          disabled={busy}
                          onClick={() => setEditing({ address, isNew: false })}
                        >
                          Editar
                        </button>
                        <button
                          type="button"
                          className="btn btn--ghost btn--sm"
                          aria-label={`Eliminar ${addressName(address)}`}
                          disabled={busy}
                          onClick={() =>
                            void save(
                              addresses.filter((a) => a.id !== address.id),
                              'Eliminamos la dirección.',
                            )
                          }
                        >
                          Eliminar
                        </button>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {editing ? (
                <AddressForm
                  key={editing.address.id}
                  initial={editing.address}
                  title={editing.isNew ? 'Nueva dirección' : `Editar ${addressName(editing.address)}`}
                  busy={busy}
                  error={error}
                  onSave={upsert}
                  onCancel={() => {
                    setEditing(null);
                    clearError();
                  }}
                />
              ) : (
                <>
                  <button
                    type="button"
                    className="btn btn--outline btn--sm"
                    disabled={full || busy}
                    aria-describedby={full ? 'account-addresses-full' : undefined}
                    onClick={() => {
                      setStatus('');
                      setEditing({ address: emptyAddress(), isNew: true });
                    }}
                  >
                    Agregar una dirección
                  </button>
                  {full && (
                    <p id="account-addresses-full" className="muted small">
                      {ACCOUNT_MSG.addresses}
                    </p>
                  )}
                  <ErrorNotice error={error} />
                </>
              )}
              <p className="visually-hidden" role="status">
                {status}
              </p>
            </>
          );
        }}
      </QueryState>
    </AccountSection>
  );
}
