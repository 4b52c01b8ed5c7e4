import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Breadcrumb } from '@/components/breadcrumb';
import { paths } from '@/config/paths';
import { useSiteContent } from '@/features/content';
import { recordInteraction } from '@/features/interactions';
import { type SortOption, categoryLabel } from '@/features/products';
import { CATALOG_TEXTS } from '../catalog-errors';
import { DEFAULT_SORT } from '../category-prefetch';
import { CatalogResults } from './catalog-results';

const SORT_LABELS: Record<SortOption, string> = {
  'title-asc': 'Nombre',
  'price-asc': 'Precio: menor a mayor',
  'price-desc': 'Precio: mayor a menor',
};

function isSortOption(value: string): value is SortOption {
  return value in SORT_LABELS;
}

export default function CategoryPage() {
  const { category = '' } = useParams();
  const { content } = useSiteContent();
  const [sort, setSort] = useState<SortOption>(DEFAULT_SORT);
  const title = categoryLabel(category, content.productCatalog.categories);

  useEffect(() => {
    if (category) void recordInteraction({ type: 'category_view', data: { category } });
  }, [category]);

  useEffect(() => {
    document.title = `${title} · Catálogo`;
  }, [title]);

  return (
    <div className="container page" data-testid="category-page">
      <Breadcrumb trail={[{ label: 'Inicio', to: paths.home }]} current={title} />
      <header className="page__header page__header--row">
        <h1 className="page__title">{title}</h1>
        <label className="sort-select">
          <span>Ordenar por</span>
          <select
            value={sort}
            onChange={(event) => {
              if (isSortOption(event.target.value)) setSort(event.target.value);
            }}
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </header>
      {/* The cards' titles are h3: the list gets its h2, for screen readers only (headings in order). */}
      <h2 className="visually-hidden">Productos</h2>
      <CatalogResults filters={{ category, sort }} categories={content.productCatalog.categories} empty={CATALOG_TEXTS.emptyCategory} />
    </div>
  );
}
