import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { SiteContent } from '@shop/shared';
import { draftSetter, removeAt, replaceAt, type ContentEdit } from '../content-editor-model';
import { TextAreaField, TextField } from '../fields';
import { IconPicker } from '../icon-picker';
import { ListEditor, type ItemRenderer } from '../list-editor';
import { LIST_SECTIONS } from '../list-sections';
import { HEADING_FIELDS, TextFieldList } from '../field-list';

type Contact = SiteContent['contact'];

const renderContactInfo: ItemRenderer<Contact['contactInfo'][number]> = (c, _i, update) => (
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
    <TextField label="Descripción (opcional)" value={c.description ?? ''} onChange={(description) => update({ ...c, description })} />
  </div>
);

const renderSocial: ItemRenderer<Contact['socialMedia'][number]> = (s, _i, update) => (
  <div className="item-grid">
    <IconPicker label="Ícono" value={s.icon} fallback="Globe" onChange={(icon) => update({ ...s, icon })} />
    <TextField label="Nombre" value={s.name} onChange={(name) => update({ ...s, name })} />
    <TextField label="Usuario" value={s.handle} onChange={(handle) => update({ ...s, handle })} placeholder="@jazminlenceria" />
    <TextField label="Enlace" type="url" value={s.link} onChange={(link) => update({ ...s, link })} placeholder="https://..." />
  </div>
);

export function ContactTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const contact = content.contact;
  const set = draftSetter(edit, (d) => d.contact);
  return (
    <div className="stack">
      <TextFieldList part={contact} set={set} fields={HEADING_FIELDS} grid />
      <TextAreaField label="Descripción" value={contact.description} onChange={set('description')} rows={2} />
      <ListEditor {...LIST_SECTIONS.contactInfo} items={contact.contactInfo} onChange={set('contactInfo')} renderItem={renderContactInfo} />
      <ListEditor {...LIST_SECTIONS.socialMedia} items={contact.socialMedia} onChange={set('socialMedia')} renderItem={renderSocial} />
      <fieldset className="fieldset stack">
        <legend>Formulario de contacto</legend>
        <TextField label="Título del formulario" value={contact.formTitle} onChange={set('formTitle')} />
        <TextAreaField label="Descripción del formulario" value={contact.formDescription} onChange={set('formDescription')} rows={2} />
        <TextField label="Mensaje de respuesta" value={contact.responseMessage} onChange={set('responseMessage')} />
        <TextField label="Aclaración" value={contact.responseDisclaimer} onChange={set('responseDisclaimer')} />
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
