import type { SiteContent } from '@shop/shared';
import { newItems, type ContentEdit } from '../content-editor-model';
import { TextField } from '../fields';
import { ListEditor } from '../list-editor';

export function CatalogTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const catalog = content.productCatalog;
  return (
    <div className="stack">
      <div className="form-grid">
        <TextField
          label="Título principal"
          value={catalog.mainTitle}
          onChange={(v) =>
            edit((d) => {
              d.productCatalog.mainTitle = v;
            })
          }
        />
        <TextField
          label="Subtítulo"
          value={catalog.subtitle}
          onChange={(v) =>
            edit((d) => {
              d.productCatalog.subtitle = v;
            })
          }
        />
      </div>
      <ListEditor
        title="Categorías"
        testId="categories-editor"
        items={catalog.categories}
        onChange={(items) =>
          edit((d) => {
            d.productCatalog.categories = items;
          })
        }
        newItem={newItems.category}
        addLabel="Agregar categoría"
        itemLabel={(c, i) => c.display_name || c.name || `Categoría ${i + 1}`}
        emptyText="No hay categorías configuradas."
        renderItem={(c, _i, update) => (
          <div className="form-grid">
            <TextField
              label="Clave interna"
              value={c.name}
              onChange={(v) => update({ ...c, name: v })}
              hint="En minúsculas y sin espacios; es lo que guardan los productos."
            />
            <TextField label="Nombre visible" value={c.display_name} onChange={(v) => update({ ...c, display_name: v })} />
          </div>
        )}
      />
    </div>
  );
}
