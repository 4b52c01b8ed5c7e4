import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import type { MercadoLibreSettings } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { DetailCard } from '@/components/detail-card';
import { AttributeField } from './attribute-field';
import { listingQueries, usePublishListing } from './api/listings';

type Message = { ok: boolean; text: string } | null;

/**
 * "Publicar en Mercado Libre": the product (searched by title), the category Mercado Libre predicts from its title
 * (changeable), the category's required attributes asked in Spanish, and the price when the rule is per product.
 */
export function PublishForm({ settings }: { settings: MercadoLibreSettings }) {
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const [price, setPrice] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const products = useQuery(listingQueries.products(search));
  const product = products.data?.payload.find((p) => p._id === productId) ?? null;
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
            {(products.data?.payload ?? []).map((p) => (
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
          <button type="submit" className="btn btn-primary" disabled={publish.isPending || !product}>
            {publish.isPending ? 'Publicando…' : 'Publicar en Mercado Libre'}
          </button>
        </div>
      </form>
    </DetailCard>
  );
}
