import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Breadcrumb } from '@/components/breadcrumb';
import { paths } from '@/config/paths';
import { CatalogResults } from '@/features/catalog';
import { useSiteContent } from '@/features/content';
import { productQueries, type ProductListFilters } from '@/features/products';
import { recordSearchOnce } from '../record-search';
import { NoResults } from './no-results';

/** Once the search's first page has arrived (the same query the results show), the search is logged. */
function useRecordSearch(filters: ProductListFilters) {
  const term = filters.searchTerm ?? '';
  const query = useInfiniteQuery({ ...productQueries.pages(filters), enabled: term !== '' });
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded) recordSearchOnce(term);
  }, [loaded, term]);
}

/** /search?q=…: the catalogue's products that match, relevance first. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  const { content } = useSiteContent();
  const categories = content.productCatalog.categories;
  const filters = useMemo<ProductListFilters>(() => ({ searchTerm: term }), [term]);
  useRecordSearch(filters);

  useEffect(() => {
    document.title = term ? `${term} · Búsqueda` : 'Búsqueda';
  }, [term]);

  return (
    <div className="container page" data-testid="search-page">
      <Breadcrumb trail={[{ label: 'Inicio', to: paths.home }]} current="Búsqueda" />
      <header className="page__header">
        <h1 className="page__title">{term ? `Resultados para «${term}»` : 'Buscar productos'}</h1>
      </header>
      {term ? (
        <>
          <h2 className="visually-hidden">Productos</h2>
          <CatalogResults filters={filters} categories={categories} empty={<NoResults term={term} categories={categories} />} />
        </>
      ) : (
        <p className="muted">Escribí en el buscador qué estás buscando: un modelo, una categoría o un color.</p>
      )}
    </div>
  );
}
