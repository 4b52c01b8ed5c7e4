import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { REVIEW_MSG, REVIEW_PHOTOS } from '@shop/shared';

interface PhotoPickerProps {
  idPrefix: string;
  files: readonly File[];
  onChange: (files: File[]) => void;
}

const TYPES: readonly string[] = REVIEW_PHOTOS.types;

/** Why the chosen files cannot go (the server's own Spanish messages), or null. */
export function photosProblem(files: readonly File[]): string | null {
  if (files.length > REVIEW_PHOTOS.max) return REVIEW_MSG.photosTooMany;
  if (files.some((file) => !TYPES.includes(file.type))) return REVIEW_MSG.photoType;
  if (files.some((file) => file.size > REVIEW_PHOTOS.maxBytes)) return REVIEW_MSG.photoTooBig;
  return null;
}

/** Object URLs of the chosen files for their previews, revoked when the files change or the form goes. */
function usePreviews(files: readonly File[]): string[] {
  const urls = useMemo(() => files.map((file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '')), [files]);
  useEffect(() => () => urls.forEach((url) => url && URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/**
 * "Fotos (opcional, hasta 3)": a real file input (the phone offers the camera and the gallery), the chosen photos as
 * previews with "Quitar" each. Too many, too big or another type is said at once and nothing is added.
 */
export function ReviewPhotoPicker({ idPrefix, files, onChange }: PhotoPickerProps) {
  const [error, setError] = useState<string | null>(null);
  const previews = usePreviews(files);
  const id = `${idPrefix}-photos`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared, so that the same photo can be chosen again after "Quitar".
    event.target.value = '';
    if (chosen.length === 0) return;
    const next = [...files, ...chosen];
    const problem = photosProblem(next);
    setError(problem);
    if (!problem) onChange(next);
  };
  const remove = (index: number) => {
    setError(null);
    onChange(files.filter((_, i) => i !== index));
  };

  return (
    <div className="field review-photos-field">
      <label htmlFor={id}>Fotos (opcional, hasta {REVIEW_PHOTOS.max})</label>
      <input
        id={id}
        type="file"
        multiple
        accept={REVIEW_PHOTOS.types.join(',')}
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        data-testid="review-photos-input"
      />
      <p id={`${id}-hint`} className="muted small review-form__hint">
        JPG, PNG o WebP, hasta 8 MB cada una. Se publican cuando revisemos tu opinión.
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className="review-photos-field__list" data-testid="review-photos-chosen">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="review-photos-field__item">
              {previews[index] && <img src={previews[index]} alt={`Foto ${index + 1}: ${file.name}`} width={64} height={64} />}
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => remove(index)}>
                Quitar<span className="visually-hidden"> foto {index + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
