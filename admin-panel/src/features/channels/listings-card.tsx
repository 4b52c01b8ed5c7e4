import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { List } from 'lucide-react';
import { MERCADOLIBRE_LISTING_STATUS_LABELS, type MercadoLibreListing, type MercadoLibreListingStatus } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DetailCard } from '@/components/detail-card';
import { listingQueries, useUpdateListing } from './api/listings';

type Message = { ok: boolean; text: string } | null;

const statusLabel = (status: string) =>
  Object.prototype.hasOwnProperty.call(MERCADOLIBRE_LISTING_STATUS_LABELS, status)
    ? MERCADOLIBRE_LISTING_STATUS_LABELS[status as MercadoLibreListingStatus]
    : status;

function LinkForm({ onMessage }: { onMessage: (message: Message) => void }) {
  const [productId, setProductId] = useState('');
  const [itemId, setItemId] = useState('');
  const update = useUpdateListing();
  function submit(event: FormEvent) {
    event.preventDefault();
    onMessage(null);
    update.mutate(
      { productId: productId.trim(), itemId: itemId.trim().toUpperCase() },
      {
        onSuccess: (answer) => onMessage({ ok: true, text: `Publicación ${answer.listing.itemId} vinculada` }),
        onError: (e) => onMessage({ ok: false, text: errorMessage(e, 'No se pudo vincular la publicación') }),
      },
    );
  }
  return (
    <form onSubmit={submit} className="row" aria-label="Vincular una publicación existente">
      <div className="field">
        <label htmlFor="meli-link-product">Id del producto en la tienda</label>
        <input id="meli-link-product" value={productId} onChange={(e) => setProductId(e.target.value)} maxLength={64} required />
      </div>
      <div className="field">
        <label htmlFor="meli-link-item">Número de publicación (MLA…)</label>
        <input id="meli-link-item" value={itemId} onChange={(e) => setItemId(e.target.value)} maxLength={20} required />
      </div>
      <button type="submit" className="btn btn-secondary" disabled={update.isPending}>
        {update.isPending ? 'Vinculando…' : 'Vincular'}
      </button>
    </form>
  );
}

/** The listings: status, units offered per variation, last error; pause, activate, close; link an existing item. */
export function ListingsCard() {
  const query = useQuery(listingQueries.all());
  const update = useUpdateListing();
  const [closing, setClosing] = useState<MercadoLibreListing | null>(null);
  const [message, setMessage] = useState<Message>(null);

  const change = (listing: MercadoLibreListing, status: 'active' | 'paused' | 'closed') => {
    setMessage(null);
    update.mutate(
      { productId: listing.productId, status },
      {
        onSuccess: (answer) => setMessage({ ok: true, text: `${answer.listing.itemId}: ${statusLabel(answer.listing.status)}` }),
        onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'No se pudo cambiar la publicación') }),
        onSettled: () => setClosing(null),
      },
    );
  };

  const listings = query.data?.listings ?? [];
  return (
    <DetailCard headingId="meli-listings" title="Publicaciones" icon={List} testId="meli-listings">
      <div className="stack">
        {query.isPending && <p className="muted">Cargando…</p>}
        {query.isError && (
          <p className="field-error" role="alert">
            {errorMessage(query.error, 'Error al cargar las publicaciones')}
          </p>
        )}
        {query.data && listings.length === 0 && <p className="muted">Todavía no hay productos publicados en Mercado Libre.</p>}
        {listings.length > 0 && (
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Producto</th>
                  <th scope="col">Publicación</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Unidades ofrecidas</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {listings.map((listing) => (
                  <tr key={listing.itemId} data-testid={`meli-listing-${listing.itemId}`}>
                    <td>{listing.productTitle}</td>
                    <td>
                      {listing.permalink ? (
                        <a href={listing.permalink} target="_blank" rel="noreferrer">
                          {listing.itemId}
                        </a>
                      ) : (
                        listing.itemId
                      )}
                    </td>
                    <td>
                      {statusLabel(listing.status)}
                      {listing.pending && <span className="muted"> · enviando cambios…</span>}
                      {listing.lastError && (
                        <p className="field-error" role="alert">
                          {listing.lastError}
                        </p>
                      )}
                    </td>
                    <td>
                      {listing.variations.map((v) => (
                        <div key={v.sku}>
                          {v.sku}: {v.availableQuantity}
                        </div>
                      ))}
                    </td>
                    <td>
                      {listing.status !== 'closed' && (
                        <div className="row">
                          {listing.status === 'active' ? (
                            <button
                              type="button"
                              className="btn btn-secondary"
                              onClick={() => change(listing, 'paused')}
                              disabled={update.isPending}
                            >
                              Pausar
                            </button>
                          ) : (
                            <button
                              type="button"
                              className="btn btn-secondary"
                              onClick={() => change(listing, 'active')}
                              disabled={update.isPending}
                            >
                              Activar
                            </button>
                          )}
                          <button type="button" className="btn btn-danger" onClick={() => setClosing(listing)} disabled={update.isPending}>
                            Finalizar
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <LinkForm onMessage={setMessage} />
        {message && (
          <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
      </div>
      {closing && (
        <ConfirmDialog
          title="Finalizar publicación"
          message={`Mercado Libre no permite reactivar una publicación finalizada. ¿Finalizar ${closing.itemId}?`}
          confirmLabel="Finalizar"
          busyLabel="Finalizando…"
          busy={update.isPending}
          onCancel={() => setClosing(null)}
          onConfirm={() => change(closing, 'closed')}
        />
      )}
    </DetailCard>
  );
}
