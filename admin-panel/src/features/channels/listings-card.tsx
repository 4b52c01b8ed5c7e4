import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { List } from 'lucide-react';
import { MERCADOLIBRE_LISTING_STATUS_LABELS, type MercadoLibreListing, type MercadoLibreListingStatus } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { PendingButton } from '@/components/submit-button';
import { QueryNote } from '@/components/feedback';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DetailCard } from '@/components/detail-card';
import { TableHead } from '@/components/data-table';
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
      <PendingButton label="Vincular" pendingLabel="Vinculando…" pending={update.isPending} className="btn btn-secondary" />
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
        <QueryNote query={query} loading="Cargando…" failure="Error al cargar las publicaciones" />
        {query.data && listings.length === 0 && <p className="muted">Todavía no hay productos publicados en Mercado Libre.</p>}
        {listings.length > 0 && (
          <div className="table-scroll">
            <table className="table">
              <TableHead columns={['Producto', 'Publicación', 'Estado', 'Unidades ofrecidas', 'Acciones']} />
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
                          <button
                            type="button"
                            className="btn btn-secondary"
                            onClick={() => change(listing, listing.status === 'active' ? 'paused' : 'active')}
                            disabled={update.isPending}
                          >
                            {listing.status === 'active' ? 'Pausar' : 'Activar'}
                          </button>
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
