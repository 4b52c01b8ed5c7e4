import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import type { MercadoLibreSettings } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { DetailCard } from '@/components/detail-card';
import { AttributeField } from './attribute-field';
import { listingQueries } from './api/listings';
import { bulkBody, useBulkCategories, useBulkPublish, type BulkTarget } from './use-bulk-publish';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Publicar varios": a checklist of the catalogue's products not yet on Mercado Libre, the required attributes of
 * their predicted categories asked once, then one publication after another through the single-product route.
 */
export function BulkPublishCard({ settings }: { settings: MercadoLibreSettings }) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [attributes, setAttributes] = useState<Record<string, string>>({});
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const products = useQuery(listingQueries.products(search));
  const listings = useQuery(listingQueries.all());
  const bulk = useBulkPublish();
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const perProduct = settings.priceRule.kind === 'perProduct';

  const failed = (bulk.results ?? []).filter((r) => !r.ok);
  const wanted = new Map(selected);
  for (const r of failed) if (!wanted.has(r.productId)) wanted.set(r.productId, r.title);
  const categories = useBulkCategories([...wanted].map(([productId, title]) => ({ productId, title })));
  const targetOf = (productId: string): BulkTarget =>
    categories.targets.find((t) => t.productId === productId) ?? { productId, title: wanted.get(productId) ?? productId, categoryId: '' };

  const unsuggested = categories.targets.filter((t) => !t.categoryId).map((t) => t.title);
  const listed = new Set((listings.data?.listings ?? []).map((l) => l.productId));
  const visible = listings.data ? (products.data?.payload ?? []).filter((p) => !listed.has(p._id)) : [];
  const allVisibleSelected = visible.length > 0 && visible.every((p) => selected.has(p._id));

  useEffect(() => {
    if (bulk.results) resultHeading.current?.focus();
  }, [bulk.results]);

  function toggle(productId: string, title: string, on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(productId, title);
      else next.delete(productId);
      return next;
    });
  }

  function toggleVisible(on: boolean) {
    setSelected((current) => {
      const next = new Map(current);
      for (const p of visible) {
        if (on) next.set(p._id, p.title);
        else next.delete(p._id);
      }
      return next;
    });
  }

  /** Checks what is asked once for all, then publishes the given products in order. */
  async function publish(productIds: string[], keep: NonNullable<typeof bulk.results> = []) {
    setProblem('');
    if (productIds.length === 0) return setProblem('Elegí al menos un producto para publicar');
    if (categories.loading) return setProblem('Esperá a que Mercado Libre sugiera las categorías');
    const missing = categories.required.find((attribute) => !attributes[attribute.id]?.trim());
    if (missing) {
      document.getElementById(`meli-bulk-attr-${missing.id}`)?.focus();
      return setProblem(missing.message);
    }
    const priceless = perProduct ? productIds.find((id) => !(Number(prices[id]) >= 1)) : undefined;
    if (priceless) return setProblem(`Indicá el precio en Mercado Libre de ${targetOf(priceless).title}`);
    const jobs = productIds.map((id) => {
      const target = targetOf(id);
      return { target, body: bulkBody(target, attributes, categories.byCategory, perProduct ? prices[id] : undefined) };
    });
    const outcomes = await bulk.run(jobs, keep);
    // What was published leaves the checklist; what failed stays chosen for a retry.
    const done = new Set(outcomes.filter((r) => r.ok).map((r) => r.productId));
    setSelected((current) => new Map([...current].filter(([id]) => !done.has(id))));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void publish([...selected.keys()]);
  }

  const retry = () =>
    void publish(
      failed.map((r) => r.productId),
      (bulk.results ?? []).filter((r) => r.ok),
    );
  const published = (bulk.results ?? []).filter((r) => r.ok).length;

  return (
    <DetailCard headingId="meli-bulk" title="Publicar varios" icon={Layers} testId="meli-bulk">
      <form onSubmit={submit} className="stack" aria-labelledby="meli-bulk" noValidate>
        <div className="field">
          <label htmlFor="meli-bulk-search">Buscar por título</label>
          <input id="meli-bulk-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
        </div>
        <fieldset className="fieldset" disabled={bulk.running}>
          <legend>Productos sin publicar</legend>
          {(products.isError || listings.isError) && (
            <p className="field-error" role="alert">
              {errorMessage(products.error ?? listings.error, 'Error al obtener productos')}
            </p>
          )}
          {visible.length > 0 && (
            <label className="bulk-check bulk-all">
              <input type="checkbox" checked={allVisibleSelected} onChange={(e) => toggleVisible(e.target.checked)} />
              Seleccionar todos los visibles
            </label>
          )}
          <ul className="bulk-list">
            {visible.map((p) => (
              <li key={p._id}>
                <label className="bulk-check">
                  <input type="checkbox" checked={selected.has(p._id)} onChange={(e) => toggle(p._id, p.title, e.target.checked)} />
                  {p.title}
                </label>
                {perProduct && selected.has(p._id) && (
                  <input
                    type="number"
                    min={1}
                    step={1}
                    className="bulk-price"
                    aria-label={`Precio en Mercado Libre de ${p.title}`}
                    value={prices[p._id] ?? ''}
                    onChange={(e) => setPrices((current) => ({ ...current, [p._id]: e.target.value }))}
                  />
                )}
              </li>
            ))}
          </ul>
          {products.data && listings.data && visible.length === 0 && (
            <p className="hint">
              {search.trim() ? 'Ningún producto sin publicar tiene ese título.' : 'Todos los productos ya están publicados.'}
            </p>
          )}
          <p className="hint">{count(selected.size, 'producto elegido', 'productos elegidos')}</p>
        </fieldset>
        {wanted.size > 0 && (
          <fieldset className="fieldset" disabled={bulk.running}>
            <legend>Datos que pide Mercado Libre</legend>
            {categories.loading && <p className="hint">Buscando las categorías sugeridas…</p>}
            {!categories.loading && categories.required.length === 0 && (
              <p className="hint">Las categorías sugeridas no piden datos obligatorios.</p>
            )}
            {!categories.loading && unsuggested.length > 0 && (
              <p className="hint">{`Sin categoría sugerida (se intenta de nuevo al publicar): ${unsuggested.join(', ')}`}</p>
            )}
            {categories.required.length > 0 && (
              <p className="hint">Se piden una sola vez y se aplican a cada producto cuya categoría los pide.</p>
            )}
            {categories.required.map((attribute) => (
              <AttributeField
                key={attribute.id}
                idPrefix="meli-bulk-attr-"
                attribute={attribute}
                value={attributes[attribute.id] ?? ''}
                onChange={(value) => setAttributes((a) => ({ ...a, [attribute.id]: value }))}
              />
            ))}
          </fieldset>
        )}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <p className="hint" role="status" aria-live="polite" data-testid="meli-bulk-progress">
          {bulk.progress ? `Publicando ${bulk.progress.current} de ${bulk.progress.total}…` : ''}
        </p>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={bulk.running || selected.size === 0}>
            {`Publicar ${count(selected.size, 'producto', 'productos')}`}
          </button>
        </div>
      </form>
      {bulk.results && (
        <div className="stack bulk-results">
          <h3 id="meli-bulk-results" ref={resultHeading} tabIndex={-1}>
            {`Resultado: ${count(published, 'publicado', 'publicados')}, ${count(failed.length, 'con error', 'con error')}`}
          </h3>
          <ul className="bulk-list" aria-labelledby="meli-bulk-results">
            {bulk.results.map((r) => (
              <li key={r.productId} data-testid={`meli-bulk-result-${r.productId}`}>
                <strong>{r.title}</strong>: {r.ok ? `publicado (${r.itemId})` : <span className="field-error">{r.message}</span>}
              </li>
            ))}
          </ul>
          {failed.length > 0 && (
            <div className="row">
              <button type="button" className="btn btn-secondary" onClick={retry} disabled={bulk.running}>
                {failed.length === 1 ? 'Reintentar el que falló' : `Reintentar los ${failed.length} que fallaron`}
              </button>
            </div>
          )}
        </div>
      )}
    </DetailCard>
  );
}
