import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import type { MercadoLibreSettings } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { PendingButton } from '@/components/submit-button';
import { DetailCard } from '@/components/detail-card';
import { productQueries } from '@/features/products';
import { PUBLISH_PARAM } from '@/config/paths';
import { AttributeField } from './attribute-field';
import { listingQueries, usePublishListing } from './api/listings';

type Message = { ok: boolean; text: string } | null;

/**
 * "Publicar en Mercado Libre": the product (searched by title, or chosen already when the product's page opened it),
 * the category Mercado Libre predicts from its title (changeable), the category's required attributes asked in
 * Spanish, and the price when the rule is per product.
 */
export function PublishForm({ settings }: { settings: MercadoLibreSettings }) {
  const [params] = useSearchParams();
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState(() => params.get(PUBLISH_PARAM) ?? '');
  // The product the page was opened for: read by its id, since the first results of the search may not hold it.
  const [requested] = useState(() => params.get(PUBLISH_PARAM) ?? '');
  const requestedProduct = useQuery({ ...productQueries.detail(requested), enabled: requested !== '' });
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (requested) card.current?.scrollIntoView?.({ block: 'start' });
  }, [requested]);
  const [categoryId, setCategoryId] = useState('');
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const [price, setPrice] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const products = useQuery(listingQueries.products(search));
  const listed = products.data?.payload ?? [];
  const fromPage = requestedProduct.data && !listed.some((p) => p._id === requestedProduct.data._id) ? [requestedProduct.data] : [];
  const choices = [...fromPage, ...listed];
  const product = choices.find((p) => p._id === productId) ?? null;
  const guesses = useQuery(listingQueries.categories(product?.title ?? ''));
  const predicted = guesses.data?.categories[0]?.categoryId ?? '';
  const chosenCategory = categoryId || predicted;
  const required = useQuery(listingQueries.attributes(chosenCategory));
  const publish = usePublishListing();
  const perProduct = settings.priceRule.kind === 'perProduct';

  function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (!productId) return setMessage({ ok: false, text: 'Elegí el producto a publicar' });
    const missing = (required.data?.required ?? []).find((attribute) => !attributes[attribute.id]?.trim());
    if (missing) return setMessage({ ok: false, text: missing.message });
    const given = Object.fromEntries(Object.entries(attributes).filter(([, value]) => value.trim() !== ''));
    publish.mutate(
      {
        productId,
        ...(chosenCategory ? { categoryId: chosenCategory } : {}),
        attributes: given,
        ...(perProduct && price ? { price: Number(price) } : {}),
      },
      {
        onSuccess: (answer) => {
          setMessage({ ok: true, text: `Publicado en Mercado Libre: ${answer.listing.itemId}` });
          setProductId('');
          setAttributes({});
        },
        onError: (e) => setMessage({ ok: false, text: errorMessage(e, 'No se pudo publicar en Mercado Libre') }),
      },
    );
  }

  return (
    <DetailCard headingId="meli-publish" title="Publicar en Mercado Libre" icon={Upload} testId="meli-publish">
      <div ref={card} />
      <form onSubmit={submit} className="stack" aria-labelledby="meli-publish">
        <div className="field">
          <label htmlFor="meli-search">Buscar producto</label>
          <input id="meli-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="meli-product">Producto</label>
          <select
            id="meli-product"
            value={productId}
            onChange={(e) => {
              setProductId(e.target.value);
              setCategoryId('');
              setAttributes({});
            }}
          >
            <option value="">Elegí un producto…</option>
            {choices.map((p) => (
              <option key={p._id} value={p._id}>
                {p.title}
              </option>
            ))}
          </select>
          {products.isError && (
            <p className="field-error" role="alert">
              {errorMessage(products.error, 'Error al obtener productos')}
            </p>
          )}
        </div>
        {product && (
          <div className="field">
            <label htmlFor="meli-category">Categoría de Mercado Libre</label>
            <select id="meli-category" value={chosenCategory} onChange={(e) => setCategoryId(e.target.value)}>
              {!chosenCategory && <option value="">{guesses.isPending ? 'Buscando categoría…' : 'Sin sugerencia'}</option>}
              {(guesses.data?.categories ?? []).map((c) => (
                <option key={c.categoryId} value={c.categoryId}>
                  {c.categoryName} ({c.categoryId})
                </option>
              ))}
              {categoryId && !guesses.data?.categories.some((c) => c.categoryId === categoryId) && (
                <option value={categoryId}>{categoryId}</option>
              )}
            </select>
            <p className="hint">Sugerida por Mercado Libre a partir del título; podés elegir otra.</p>
          </div>
        )}
        {(required.data?.required ?? []).map((attribute) => (
          <AttributeField
            key={attribute.id}
            idPrefix="meli-attr-"
            attribute={attribute}
            value={attributes[attribute.id] ?? ''}
            onChange={(value) => setAttributes((a) => ({ ...a, [attribute.id]: value }))}
          />
        ))}
        {product && perProduct && (
          <div className="field">
            <label htmlFor="meli-price">Precio en Mercado Libre</label>
            <input id="meli-price" type="number" min={1} step={1} value={price} onChange={(e) => setPrice(e.target.value)} required />
          </div>
        )}
        {message && (
          <p className={message.ok ? 'hint' : 'field-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
        <div className="row">
          <PendingButton label="Publicar en Mercado Libre" pendingLabel="Publicando…" pending={publish.isPending} disabled={!product} />
        </div>
      </form>
    </DetailCard>
  );
}
