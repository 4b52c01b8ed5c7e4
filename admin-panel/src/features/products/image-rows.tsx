import { useId, useState, type ChangeEvent } from 'react';
import { ImagePlus, Plus, Trash2, Upload } from 'lucide-react';
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES, MSG } from '@shop/shared';
import { errorMessage } from '@shop/client-kit';
import { uploadImage } from '@/features/uploads';

interface ImageRowsProps {
  values: string[];
  /** The colour each row shows ('' = every colour), one per row. */
  photoColors: string[];
  /** The product's colour names; without any, no colour is asked. */
  colors: string[];
  onChange: (next: string[], photoColors: string[]) => void;
}

function isAllowedType(type: string): boolean {
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(type);
}

/** Image rows: URL or uploaded file; at least one row always remains and the first is required. */
export function ImageRows({ values, photoColors, colors, onChange }: ImageRowsProps) {
  const baseId = useId();
  const [uploading, setUploading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  function setAt(index: number, value: string) {
    onChange(
      values.map((v, i) => (i === index ? value : v)),
      values.map((_, i) => photoColors[i] ?? ''),
    );
  }

  function setColorAt(index: number, color: string) {
    onChange(
      values,
      values.map((_, i) => (i === index ? color : (photoColors[i] ?? ''))),
    );
  }

  function removeAt(index: number) {
    onChange(
      values.filter((_, i) => i !== index),
      values.map((_, i) => photoColors[i] ?? '').filter((_, i) => i !== index),
    );
  }

  async function handleFile(index: number, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!isAllowedType(file.type)) {
      setError(MSG.upload.heroType);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setError(MSG.upload.heroTooLarge);
      return;
    }
    setUploading(index);
    try {
      const { url } = await uploadImage(file);
      setAt(index, url);
    } catch (e) {
      setError(`Error al subir la imagen: ${errorMessage(e)}`);
    } finally {
      setUploading(null);
    }
  }

  return (
    <fieldset className="fieldset" data-testid="image-rows">
      <legend>
        Imágenes{' '}
        <span className="required" aria-hidden="true">
          *
        </span>
      </legend>
      <p className="hint">
        La primera imagen es la principal. Pegá una URL o subí un archivo (JPG, PNG o WEBP, máximo 5MB).
        {colors.length > 0 && ' Elegí el color que muestra cada foto: la tienda muestra primero las del color elegido.'}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ol className="image-rows">
        {values.map((value, index) => {
          const inputId = `${baseId}-url-${index}`;
          const fileId = `${baseId}-file-${index}`;
          const colorId = `${baseId}-color-${index}`;
          return (
            <li key={index} className="image-row">
              <div className="image-preview" aria-hidden="true">
                {value.trim() ? <img src={value} alt="" /> : <ImagePlus size={20} />}
              </div>
              <div className="field field-grow">
                <label htmlFor={inputId}>{index === 0 ? 'Imagen principal (URL)' : `Imagen ${index + 1} (URL)`}</label>
                <input
                  id={inputId}
                  type="text"
                  inputMode="url"
                  placeholder="https://... o /uploads/..."
                  value={value}
                  onChange={(e) => setAt(index, e.target.value)}
                  required={index === 0}
                />
              </div>
              {colors.length > 0 && (
                <div className="field image-color">
                  <label htmlFor={colorId}>{index === 0 ? 'Color de la imagen principal' : `Color de la imagen ${index + 1}`}</label>
                  <select id={colorId} value={photoColors[index] ?? ''} onChange={(e) => setColorAt(index, e.target.value)}>
                    <option value="">Todos los colores</option>
                    {colors.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </select>
                </div>
              )}
              <div className="image-row-actions">
                <input
                  id={fileId}
                  type="file"
                  accept={ALLOWED_IMAGE_TYPES.join(',')}
                  className="visually-hidden"
                  onChange={(e) => void handleFile(index, e)}
                  disabled={uploading !== null}
                />
                <label htmlFor={fileId} className={`btn btn-secondary btn-sm${uploading !== null ? ' disabled' : ''}`}>
                  <Upload size={16} aria-hidden="true" />
                  {uploading === index ? 'Subiendo...' : 'Subir'}
                  <span className="visually-hidden"> archivo para la imagen {index + 1}</span>
                </label>
                <button
                  type="button"
                  className="icon-button danger"
                  onClick={() => removeAt(index)}
                  disabled={values.length <= 1}
                  aria-label={`Quitar imagen ${index + 1}`}
                >
                  <Trash2 size={18} aria-hidden="true" />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => onChange([...values, ''], [...values.map((_, i) => photoColors[i] ?? ''), ''])}
        disabled={values.length >= 12}
      >
        <Plus size={16} aria-hidden="true" /> Agregar imagen
      </button>
    </fieldset>
  );
}
