import { useId } from 'react';
import { Upload } from 'lucide-react';
import { ALLOWED_IMAGE_TYPES, LIMITS, type SiteContent } from '@shop/shared';
import { Banner } from '@/components/feedback';
import { draftSetter, type ContentEdit } from '../content-editor-model';
import { TextAreaField, TextField } from '../fields';
import { useImageUpload } from './use-image-upload';

const SECTION_OPTIONS = [
  { value: 'products', label: 'Productos' },
  { value: 'contact', label: 'Contacto' },
  { value: 'inicio', label: 'Inicio' },
];

export function HeroTab({ content, edit }: { content: SiteContent; edit: ContentEdit }) {
  const hero = content.hero;
  const set = draftSetter(edit, (d) => d.hero);
  const setImage = draftSetter(edit, (d) => d.hero.heroImage);
  const fileId = useId();
  const linkId = useId();
  const { uploading, notice, onFile } = useImageUpload(
    {
      success: 'Imagen subida exitosamente!',
      successMs: LIMITS.bannerMs,
      failure: ['Error al subir la imagen', 'Error al subir la imagen. Intenta nuevamente.'],
    },
    ({ url, filename }, file) =>
      edit((d) => {
        d.hero.heroImage.url = url;
        d.hero.heroImage.filename = filename || file.name;
      }),
  );

  return (
    <div className="stack">
      <TextField label="Eslogan" value={hero.slogan} onChange={set('slogan')} hint="La última palabra se muestra destacada." />
      <TextAreaField label="Descripción principal" value={hero.mainDescription} onChange={set('mainDescription')} />
      <div className="form-grid">
        <TextField label="Texto del botón" value={hero.buttonText} onChange={set('buttonText')} placeholder="Ver Productos" />
        <div className="field">
          <label htmlFor={linkId}>Sección a la que lleva el botón</label>
          <select id={linkId} value={hero.buttonLink} onChange={(e) => set('buttonLink')(e.target.value)}>
            {!SECTION_OPTIONS.some((o) => o.value === hero.buttonLink) && (
              <option value={hero.buttonLink}>{hero.buttonLink || '(vacío)'}</option>
            )}
            {SECTION_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="fieldset">
        <legend>Imagen principal</legend>
        {notice.message && <Banner kind={notice.message.kind}>{notice.message.text}</Banner>}
        <div className="hero-image-editor">
          <div className="hero-preview">
            {hero.heroImage.url ? (
              <img src={hero.heroImage.url} alt={hero.heroImage.alt || 'Vista previa de la imagen principal'} />
            ) : (
              <span className="muted">Sin imagen</span>
            )}
          </div>
          <div className="stack">
            <TextField label="URL de la imagen" value={hero.heroImage.url} onChange={setImage('url')} />
            <TextField
              label="Texto alternativo"
              value={hero.heroImage.alt}
              onChange={setImage('alt')}
              hint="Describe la imagen para lectores de pantalla."
            />
            <div>
              <input
                id={fileId}
                type="file"
                accept={ALLOWED_IMAGE_TYPES.join(',')}
                className="visually-hidden"
                onChange={(e) => void onFile(e)}
                disabled={uploading}
              />
              <label htmlFor={fileId} className={`btn btn-secondary${uploading ? ' disabled' : ''}`}>
                <Upload size={16} aria-hidden="true" /> {uploading ? 'Subiendo...' : 'Subir imagen'}
              </label>
              <p className="hint">
                JPG, PNG o WEBP, máximo 5MB.{hero.heroImage.filename ? ` Archivo actual: ${hero.heroImage.filename}` : ''}
              </p>
            </div>
          </div>
        </div>
      </fieldset>
    </div>
  );
}
