import { useMemo, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import type { SiteContent } from '@shop/shared';
import { DisclosureButton } from '@/components/disclosure-button';
import { SectionHeader } from '@/components/section-header';
import { SECTIONS } from '@/config/paths';
import { recordInteraction } from '@/features/interactions';
import { CATALOG_TEXTS } from '../catalog-errors';
import { filterSizesFor } from '../catalog-sizes';
import { CatalogResults } from './catalog-results';

export function CatalogSection({ content }: { content: SiteContent }) {
  const { mainTitle, subtitle, categories } = content.productCatalog;
  const [category, setCategory] = useState('');
  const [sizes, setSizes] = useState<string[]>([]);
  const [sizeFilterOpen, setSizeFilterOpen] = useState(false);
  const availableSizes = useMemo(() => (category ? filterSizesFor(category, content.sizeGuides) : []), [category, content.sizeGuides]);

  const chooseCategory = (name: string) => {
    setCategory(name);
    setSizes([]);
    if (name) void recordInteraction({ type: 'category_view', data: { category: name } });
  };
  const toggleSize = (size: string) =>
    setSizes((current) => (current.includes(size) ? current.filter((s) => s !== size) : [...current, size]));

  const filtered = category !== '' || sizes.length > 0;
  const chips = [{ name: '', display_name: 'Todos' }, ...categories.filter((c) => c.name)];

  return (
    <section id={SECTIONS.products} className="section catalog" aria-labelledby="catalog-title" data-testid="catalog">
      <div className="container">
        <SectionHeader headingId="catalog-title" title={mainTitle} subtitle={subtitle} />
        <div className="catalog__filters">
          <div className="chip-row chip-row--scroll" role="group" aria-label="Categorías" data-testid="category-chips">
            {chips.map((chip) => (
              <button
                key={chip.name || 'all'}
                type="button"
                className={`chip ${category === chip.name ? 'chip--active' : ''}`}
                aria-pressed={category === chip.name}
                onClick={() => chooseCategory(chip.name)}
              >
                {chip.display_name || chip.name}
              </button>
            ))}
          </div>
          {category && (
            <div className="size-filter" data-testid="size-filter">
              <div className="size-filter__bar">
                <DisclosureButton open={sizeFilterOpen} onToggle={() => setSizeFilterOpen((v) => !v)} controls="size-filter-options">
                  <SlidersHorizontal size={16} aria-hidden="true" />
                  Filtrar por talla
                  {sizes.length > 0 && <span className="count-pill">{sizes.length}</span>}
                </DisclosureButton>
                {sizes.length > 0 && (
                  <button type="button" className="btn btn--link btn--sm" onClick={() => setSizes([])}>
                    Limpiar
                  </button>
                )}
              </div>
              {sizeFilterOpen && (
                <div id="size-filter-options" className="chip-row" role="group" aria-label="Tallas">
                  {availableSizes.map((size) => (
                    <button
                      key={size}
                      type="button"
                      className={`chip chip--sm ${sizes.includes(size) ? 'chip--active' : ''}`}
                      aria-pressed={sizes.includes(size)}
                      onClick={() => toggleSize(size)}
                    >
                      {size}
                    </button>
                  ))}
                </div>
              )}
            </div>
          )}
        </div>
        <CatalogResults
          filters={{ category: category || undefined, sizes: sizes.length > 0 ? [...sizes].sort() : undefined }}
          categories={categories}
          empty={filtered ? CATALOG_TEXTS.emptyCategory : CATALOG_TEXTS.empty}
          // On home the hero is the first screen and its picture the one to hurry; the cards load lazily.
          priorityCount={0}
        />
      </div>
    </section>
  );
}
