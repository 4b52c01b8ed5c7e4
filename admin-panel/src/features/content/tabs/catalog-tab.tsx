import { DEFAULT_GOOGLE_PRODUCT_CATEGORY, type SiteContent } from '@shop/shared';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { HEADING_FIELDS, TextFieldList } from '../field-list';
import { TextField } from '../fields';
import { ListEditor, type ItemRenderer } from '../list-editor';
import { LIST_SECTIONS } from '../list-sections';

type Category = SiteContent['productCatalog']['categories'][number];

const renderCategory: ItemRenderer<Category> = (c, _i, update) => (
  <div className="form-grid">
    <TextField
      label="Clave interna"
      value={c.name}
      onChange={(v) => update({ ...c, name: v })}
      hint="En minúsculas y sin espacios; es lo que guardan los productos."
    />
    <TextField label="Nombre visible" value={c.display_name} onChange={(v) => update({ ...c, display_name: v })} />
    <div className="span-2">
      <TextField
        label="Categoría de Google (para el feed)"
        value={c.google_product_category ?? ''}
        placeholder={DEFAULT_GOOGLE_PRODUCT_CATEGORY}
        maxLength={250}
        onChange={(v) => update({ ...c, google_product_category: v })}
        hint="Cómo Google e Instagram clasifican estos productos en el catálogo: el texto o el número de la lista de categorías de Google. Si lo dejás vacío se usa la que aparece de ejemplo."
      />
    </div>
  </div>
);

export function CatalogTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const set = draftSetter(edit, (d) => d.productCatalog);
  const { categories } = content.productCatalog;
  return (
    <div className="stack">
      <TextFieldList part={content.productCatalog} set={set} fields={HEADING_FIELDS} grid />
      <ListEditor {...LIST_SECTIONS.categories} items={categories} onChange={set('categories')} renderItem={renderCategory} />
    </div>
  );
}
