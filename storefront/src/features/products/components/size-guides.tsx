import { useState } from 'react';
import { readSizeGuide, sameCategory, type Category, type SizeGuide } from '@shop/shared';

/** Tabs name the garment ('Corpiños'); the panel shows the guide's full title. */
function tabLabel(guide: SizeGuide, categories: readonly Category[]): string {
  const name = guide.category.trim();
  const known = categories.find((c) => c.display_name && sameCategory(c.name, name));
  if (known) return known.display_name;
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : guide.title;
}

/** Size-guide tables; tabs when several guides apply (a 'conjuntos' product shows three). */
interface SizeGuidesProps {
  guides: readonly SizeGuide[];
  categories: readonly Category[];
  /** Opens "¿Cuál es mi talle?", offered when a guide has measurements to ask. */
  onOpenFinder?: () => void;
}

export function SizeGuides({ guides, categories, onOpenFinder }: SizeGuidesProps) {
  const [active, setActive] = useState(0);
  if (guides.length === 0) return null;
  const guide = guides[Math.min(active, guides.length - 1)];
  if (!guide) return null;
  return (
    <div className="size-guides" data-testid="size-guides">
      {guides.length > 1 && (
        <div className="tabs" role="tablist" aria-label="Guías de talles">
          {guides.map((g, index) => (
            <button
              key={`${g.category}-${index}`}
              type="button"
              role="tab"
              id={`size-tab-${index}`}
              aria-selected={index === active}
              aria-controls="size-guide-panel"
              className={`tab ${index === active ? 'tab--active' : ''}`}
              onClick={() => setActive(index)}
            >
              {tabLabel(g, categories)}
            </button>
          ))}
        </div>
      )}
      <div
        id="size-guide-panel"
        role={guides.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={guides.length > 1 ? `size-tab-${active}` : undefined}
      >
        <h3 className="size-guides__title">{guide.title}</h3>
        {guide.subtitle && <p className="muted small">{guide.subtitle}</p>}
        <div className="table-scroll">
          <table className="size-table">
            <thead>
              <tr>
                {guide.tableHeaders.map((header, index) => (
                  <th key={`${header}-${index}`} scope="col">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {guide.tableRows.map((row, index) => (
                <tr key={`${row.size}-${index}`}>
                  <th scope="row">{row.size}</th>
                  {row.measurements.map((m, i) => (
                    <td key={i}>{m}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {guide.notes && <p className="muted small">{guide.notes}</p>}
        {onOpenFinder && readSizeGuide(guide).columns.length > 0 && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={onOpenFinder}>
            ¿Cuál es mi talle? Calculalo con tus medidas
          </button>
        )}
      </div>
    </div>
  );
}
