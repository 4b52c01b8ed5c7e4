import type { SiteContent } from '@shop/shared';
import { newItems, type ContentEdit } from '../content-editor-model';
import { TextAreaField, TextField, ToggleField } from '../fields';
import { IconPicker } from '../icon-picker';
import { ListEditor } from '../list-editor';

export function ProductDetailTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const detail = content.productDetail;
  return (
    <div className="stack">
      <ListEditor
        title="Tarjetas informativas"
        testId="info-cards-editor"
        items={detail.infoCards}
        onChange={(items) =>
          edit((d) => {
            d.productDetail.infoCards = items;
          })
        }
        newItem={newItems.infoCard}
        addLabel="Agregar tarjeta"
        itemLabel={(c, i) => c.title || `Tarjeta ${i + 1}`}
        renderItem={(c, _i, update) => (
          <div className="item-grid">
            <IconPicker label="Ícono" value={c.icon} onChange={(icon) => update({ ...c, icon })} />
            <TextField label="Título" value={c.title} onChange={(title) => update({ ...c, title })} />
            <div className="span-all">
              <TextAreaField label="Descripción" value={c.description} onChange={(description) => update({ ...c, description })} rows={2} />
            </div>
            <ToggleField label="Visible" checked={c.enabled} onChange={(enabled) => update({ ...c, enabled })} />
          </div>
        )}
      />
      <ListEditor
        title="Secciones desplegables"
        testId="sections-editor"
        items={detail.expandableSections}
        onChange={(items) =>
          edit((d) => {
            d.productDetail.expandableSections = items;
          })
        }
        newItem={() => newItems.expandableSection()}
        addLabel="Agregar sección"
        itemLabel={(s, i) => s.title || `Sección ${i + 1}`}
        renderItem={(s, _i, update) => (
          <div className="stack">
            <TextField label="Título" value={s.title} onChange={(title) => update({ ...s, title })} />
            <TextAreaField label="Contenido" value={s.content} onChange={(value) => update({ ...s, content: value })} rows={4} />
            <ToggleField label="Visible" checked={s.enabled} onChange={(enabled) => update({ ...s, enabled })} />
          </div>
        )}
      />
      <fieldset className="fieldset stack">
        <legend>Guía de talles en el producto</legend>
        <ToggleField
          label="Mostrar el botón de guía de talles"
          checked={detail.showSizeGuideButton}
          onChange={(v) =>
            edit((d) => {
              d.productDetail.showSizeGuideButton = v;
            })
          }
        />
        <TextField
          label="Texto del botón"
          value={detail.sizeGuideButtonText}
          onChange={(v) =>
            edit((d) => {
              d.productDetail.sizeGuideButtonText = v;
            })
          }
          placeholder="Guía de tallas"
        />
      </fieldset>
    </div>
  );
}
