import { WHY_CHOOSE_KEY, type SiteContent } from '@shop/shared';
import { newItems, type ContentEdit } from '../content-editor-model';
import { TextAreaField, TextField } from '../fields';
import { IconPicker } from '../icon-picker';
import { ListEditor } from '../list-editor';

export function WhyChooseTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const block = content[WHY_CHOOSE_KEY];
  return (
    <div className="stack">
      <TextField
        label="Título"
        value={block.mainTitle}
        onChange={(v) =>
          edit((d) => {
            d[WHY_CHOOSE_KEY].mainTitle = v;
          })
        }
      />
      <TextAreaField
        label="Descripción"
        value={block.description}
        onChange={(v) =>
          edit((d) => {
            d[WHY_CHOOSE_KEY].description = v;
          })
        }
      />
      <ListEditor
        title="Valores"
        testId="values-editor"
        items={block.values}
        onChange={(items) =>
          edit((d) => {
            d[WHY_CHOOSE_KEY].values = items;
          })
        }
        newItem={newItems.value}
        addLabel="Agregar valor"
        itemLabel={(v, i) => v.title || `Valor ${i + 1}`}
        renderItem={(v, _i, update) => (
          <div className="item-grid">
            <IconPicker label="Ícono" value={v.icon} onChange={(icon) => update({ ...v, icon })} />
            <TextField label="Título" value={v.title} onChange={(title) => update({ ...v, title })} />
            <div className="span-all">
              <TextAreaField label="Descripción" value={v.description} onChange={(description) => update({ ...v, description })} rows={2} />
            </div>
          </div>
        )}
      />
    </div>
  );
}
