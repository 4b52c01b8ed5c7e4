import type { Context } from 'koa';

/** A file as the body parser (formidable) left it on disk. */
export interface ReceivedFile {
  filepath: string;
  size: number;
}

function isReceivedFile(value: unknown): value is ReceivedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    'filepath' in value &&
    typeof value.filepath === 'string' &&
    'size' in value &&
    typeof value.size === 'number'
  );
}

/** Every file of the multipart body, whatever its field name. */
export function receivedFiles(ctx: Context): { field: string; file: ReceivedFile }[] {
  const files: unknown = Reflect.get(ctx.request, 'files');
  if (typeof files !== 'object' || files === null) return [];
  const found: { field: string; file: ReceivedFile }[] = [];
  for (const [field, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? value : [value]) if (isReceivedFile(file)) found.push({ field, file });
  }
  return found;
}
