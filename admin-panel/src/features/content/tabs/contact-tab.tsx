import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { SiteContent } from '@shop/shared';
import { newItems, removeAt, replaceAt, type ContentEdit } from '../content-editor-model';
import { TextAreaField, TextField } from '../fields';
import { IconPicker } from '../icon-picker';
import { ListEditor } from '../list-editor';

export function ContactTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const contact = content.contact;
  return (
    <div className="stack">
      <div className="form-grid">
        <TextField
          label="Título principal"
          value={contact.mainTitle}
          onChange={(v) =>
            edit((d) => {
              d.contact.mainTitle = v;
            })
          }
        />
        <TextField
          label="Subtítulo"
          value={contact.subtitle}
          onChange={(v) =>
            edit((d) => {
              d.contact.subtitle = v;
            })
          }
        />
      </div>
      <TextAreaField
        label="Descripción"
        value={contact.description}
        onChange={(v) =>
          edit((d) => {
            d.contact.description = v;
          })
        }
        rows={2}
      />
      <ListEditor
        title="Datos de contacto"
        testId="contact-info-editor"
        items={contact.contactInfo}
        onChange={(items) =>
          edit((d) => {
            d.contact.contactInfo = items;
          })
        }
        newItem={newItems.contactInfo}
        addLabel="Agregar dato"
        itemLabel={(c, i) => c.title || `Dato ${i + 1}`}
        renderItem={(c, _i, update) => (
          <div className="stack">
            <div className="item-grid">
              <IconPicker label="Ícono" value={c.icon} onChange={(icon) => update({ ...c, icon })} />
              <TextField
                label="Título"
                value={c.title}
                onChange={(title) => update({ ...c, title })}
                hint="La tarjeta «Teléfono» da el número del chat."
              />
            </div>
            <DetailsEditor details={c.details} onChange={(details) => update({ ...c, details })} />
            <TextField
              label="Descripción (opcional)"
              value={c.description ?? ''}
              onChange={(description) => update({ ...c, description })}
            />
          </div>
        )}
      />
      <ListEditor
        title="Redes sociales"
        testId="social-editor"
        items={contact.socialMedia}
        onChange={(items) =>
          edit((d) => {
            d.contact.socialMedia = items;
          })
        }
        newItem={newItems.social}
        addLabel="Agregar red social"
        itemLabel={(s, i) => s.name || `Red social ${i + 1}`}
        renderItem={(s, _i, update) => (
          <div className="item-grid">
            <IconPicker label="Ícono" value={s.icon} fallback="Globe" onChange={(icon) => update({ ...s, icon })} />
            <TextField label="Nombre" value={s.name} onChange={(name) => update({ ...s, name })} />
            <TextField label="Usuario" value={s.handle} onChange={(handle) => update({ ...s, handle })} placeholder="@jazminlenceria" />
            <TextField label="Enlace" type="url" value={s.link} onChange={(link) => update({ ...s, link })} placeholder="https://..." />
          </div>
        )}
      />
      <fieldset className="fieldset stack">
        <legend>Formulario de contacto</legend>
        <TextField
          label="Título del formulario"
          value={contact.formTitle}
          onChange={(v) =>
            edit((d) => {
              d.contact.formTitle = v;
            })
          }
        />
        <TextAreaField
          label="Descripción del formulario"
          value={contact.formDescription}
          onChange={(v) =>
            edit((d) => {
              d.contact.formDescription = v;
            })
          }
          rows={2}
        />
        <TextField
          label="Mensaje de respuesta"
          value={contact.responseMessage}
          onChange={(v) =>
            edit((d) => {
              d.contact.responseMessage = v;
            })
          }
        />
        <TextField
          label="Aclaración"
          value={contact.responseDisclaimer}
          onChange={(v) =>
            edit((d) => {
              d.contact.responseDisclaimer = v;
            })
          }
        />
      </fieldset>
    </div>
  );
}

function DetailsEditor({ details, onChange }: { details: string[]; onChange: (details: string[]) => void }) {
  const baseId = useId();
  return (
    <fieldset className="fieldset">
      <legend>Detalles</legend>
      <ul className="header-list">
        {details.map((detail, d) => (
          <li key={d} className="header-item">
            <label className="visually-hidden" htmlFor={`${baseId}-${d}`}>
              Detalle {d + 1}
            </label>
            <input id={`${baseId}-${d}`} type="text" value={detail} onChange={(e) => onChange(replaceAt(details, d, e.target.value))} />
            <button
              type="button"
              className="icon-button danger"
              onClick={() => onChange(removeAt(details, d))}
              aria-label={`Quitar detalle ${d + 1}`}
            >
              <Trash2 size={16} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange([...details, ''])}>
        <Plus size={16} aria-hidden="true" /> Agregar detalle
      </button>
    </fieldset>
  );
}
