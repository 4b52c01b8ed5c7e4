import { useState, type ChangeEvent } from 'react';
import { useTimedMessage } from '@/hooks/use-timed-message';
import { uploadImage } from '@/features/uploads';
import { ALLOWED_IMAGE_TYPES, MAX_UPLOAD_BYTES, MSG } from '@shop/shared';
import { failureText } from '../content-editor-model';

/** A picture's checks before upload: at most 5 MB, JPG, PNG or WEBP only (the server checks again). */
export function heroFileError(file: Pick<File, 'size' | 'type'>): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MSG.upload.heroType;
  if (file.size > MAX_UPLOAD_BYTES) return MSG.upload.heroTooLarge;
  return null;
}

interface UploadTexts {
  /** Shown once the file is stored (for `successMs` when given). */
  success: string;
  successMs?: number;
  /** failureText's fallback and its text for a network failure. */
  failure: [string, string];
}

/**
 * A content tab's picture upload: the file checked as the server will (JPG, PNG or WEBP, 5 MB), sent to POST /upload,
 * `onUploaded` given its address; `uploading` while it goes, the outcome in `notice`.
 */
export function useImageUpload(texts: UploadTexts, onUploaded: (upload: { url: string; filename: string }, file: File) => void) {
  const [uploading, setUploading] = useState(false);
  const notice = useTimedMessage();

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = heroFileError(file);
    if (problem) return notice.show({ kind: 'error', text: problem });
    setUploading(true);
    try {
      onUploaded(await uploadImage(file), file);
      notice.show({ kind: 'success', text: texts.success }, texts.successMs);
    } catch (error) {
      notice.show({ kind: 'error', text: failureText(error, ...texts.failure) });
    } finally {
      setUploading(false);
    }
  }

  return { uploading, notice, onFile };
}
