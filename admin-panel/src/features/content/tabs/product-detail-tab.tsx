import type { SiteContent } from '@shop/shared';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { TextAreaField, TextField, ToggleField } from '../fields';
import { IconCardFields } from '../item-fields';
import { ListEditor, type ItemRenderer } from '../list-editor';
import { LIST_SECTIONS } from '../list-sections';

type Detail = SiteContent['productDetail'];

const renderInfoCard: ItemRenderer<Detail['infoCards'][number]> = (c, _i, update) => (
  <IconCardFields item={c} update={update}>
    <ToggleField label="Visible" checked={c.enabled} onChange={(enabled) => update({ ...c, enabled })} />
  </IconCardFields>
);

const renderSection: ItemRenderer<Detail['expandableSections'][number]> = (s, _i, update) => (
  <div className="stack">
    <TextField label="Título" value={s.title} onChange={(title) => update({ ...s, title })} />
    <TextAreaField label="Contenido" value={s.content} onChange={(value) => update({ ...s, content: value })} rows={4} />
    <ToggleField label="Visible" checked={s.enabled} onChange={(enabled) => update({ ...s, enabled })} />
  </div>
);

export function ProductDetailTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const detail = content.productDetail;
  const set = draftSetter(edit, (d) => d.productDetail);
  const sections = detail.expandableSections;
  return (
    <div className="stack">
      <ListEditor {...LIST_SECTIONS.infoCards} items={detail.infoCards} onChange={set('infoCards')} renderItem={renderInfoCard} />
      <ListEditor {...LIST_SECTIONS.expandableSections} items={sections} onChange={set('expandableSections')} renderItem={renderSection} />
      <fieldset className="fieldset stack">
        <legend>Guía de talles en el producto</legend>
        <ToggleField
          label="Mostrar el botón de guía de talles"
          checked={detail.showSizeGuideButton}
          onChange={set('showSizeGuideButton')}
        />
        <TextField
          label="Texto del botón"
          value={detail.sizeGuideButtonText}
          onChange={set('sizeGuideButtonText')}
          placeholder="Guía de tallas"
        />
      </fieldset>
    </div>
  );
}
