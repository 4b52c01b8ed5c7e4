import type { Context, Next } from 'koa';
import { rm } from 'node:fs/promises';
import { REVIEW_MSG, REVIEW_PHOTOS } from '@shop/shared';

export const MULTIPART_REFUSED = 'Esta ruta no acepta archivos: envía los datos como JSON';

/** A file of a multipart body read into memory (never written to disk). */
interface MemoryFile {
  field: string;
  bytes: Buffer;
}

/** A multipart body read whole: its text fields (one value each) and its files. */
interface MemoryForm {
  fields: Record<string, string>;
  files: MemoryFile[];
}

/** The limits of a route whose multipart body is read into memory, with the Spanish answers to give. */
interface MemoryFormLimits {
  /** Files in the whole body. */
  maxFiles: number;
  /** Bytes of the whole body (the files and the fields). */
  maxBytes: number;
  tooMany: string;
  tooBig: string;
}

const BAD_FORM = 'El formulario enviado no es válido';

/** A refusal of the body, answered 400 with its message before any route runs. */
class FormRefusedError extends Error {}

/** The request's body as bytes, refused once it passes `maxBytes` (its declared length is checked first). */
async function readBody(ctx: Context, limits: MemoryFormLimits): Promise<Buffer> {
  const declared = Number(ctx.get('content-length'));
  // Refused unread: Node discards the rest of the body once the answer is sent.
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw new FormRefusedError(limits.tooBig);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > limits.maxBytes) {
      // A body without a declared length that never ends: the connection goes.
      ctx.req.destroy();
      throw new FormRefusedError(limits.tooBig);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a multipart body into memory with the platform's parser (undici's FormData, as `fetch` uses): the whole body
 * within `maxBytes`, at most `maxFiles` files. A text field sent twice, or a body that does not parse, is refused.
 */
async function readMemoryForm(ctx: Context, limits: MemoryFormLimits): Promise<MemoryForm> {
  const body = await readBody(ctx, limits);
  let data: FormData;
  try {
    const request = new Request('http://localhost/', { method: 'POST', headers: { 'content-type': ctx.get('content-type') }, body });
    data = await request.formData();
  } catch {
    throw new FormRefusedError(BAD_FORM);
  }
  const form: MemoryForm = { fields: {}, files: [] };
  for (const [field, value] of data.entries()) {
    if (typeof value === 'string') {
      if (Object.hasOwn(form.fields, field)) throw new FormRefusedError(BAD_FORM);
      form.fields[field] = value;
      continue;
    }
    if (form.files.length >= limits.maxFiles) throw new FormRefusedError(limits.tooMany);
    form.files.push({ field, bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return form;
}

/**
 * The only routes that take multipart bodies: the shop's uploads, and those of Strapi's upload plugin (its panel's
 * media library and replace, the content API) and of the panel's logos. Strapi routes are matched with an
 * optional trailing slash. They go to strapi::body (formidable: one body of at most 10 MB, its files on disk),
 * except a route with its own `memory` limits: its body is read here, into memory (never to disk), with those limits.
 */
const MULTIPART_ROUTES: readonly { method: string; path: RegExp; memory?: MemoryFormLimits }[] = [
  // A review with up to 3 photos of 8 MB each (its text fields beside them).
  {
    method: 'POST',
    path: /^\/api\/reviews\/?$/,
    memory: {
      maxFiles: REVIEW_PHOTOS.max,
      maxBytes: REVIEW_PHOTOS.max * REVIEW_PHOTOS.maxBytes + 256 * 1024,
      tooMany: REVIEW_MSG.photosTooMany,
      tooBig: REVIEW_MSG.photoTooBig,
    },
  },
  { method: 'POST', path: /^\/api\/upload\/proof\/?$/ },
  { method: 'POST', path: /^\/api\/upload\/?$/ },
  { method: 'POST', path: /^\/upload\/?$/ },
  { method: 'POST', path: /^\/upload\/files\/[^/]+\/replace\/?$/ },
  { method: 'POST', path: /^\/admin\/project-settings\/?$/ },
];

function tempPaths(files: unknown): string[] {
  if (typeof files !== 'object' || files === null) return [];
  return Object.values(files)
    .flatMap((value: unknown) => (Array.isArray(value) ? value : [value]))
    .map((file: unknown) => (typeof file === 'object' && file !== null && 'filepath' in file ? file.filepath : undefined))
    .filter((p): p is string => typeof p === 'string');
}

/**
 * Runs before strapi::body. A multipart request to any other route is answered 415 before its body is read, so
 * the body parser never writes its files to the temp folder (Node discards the rest of the body as it arrives).
 * On the upload routes, every temp file of the request is removed once it is answered, whatever the outcome; a
 * route read into memory finds its fields in the request's body and its files in `ctx.state.memoryForm`.
 */
export default () => async (ctx: Context, next: Next) => {
  if (!ctx.is('multipart')) return next();
  const route = MULTIPART_ROUTES.find(({ method, path }) => method === ctx.method && path.test(ctx.path));
  if (!route) {
    ctx.status = 415;
    ctx.body = { message: MULTIPART_REFUSED };
    return;
  }
  if (route.memory) {
    try {
      const form = await readMemoryForm(ctx, route.memory);
      ctx.state.memoryForm = form;
      Reflect.set(ctx.request, 'body', form.fields);
    } catch (err) {
      if (!(err instanceof FormRefusedError)) throw err;
      ctx.status = 400;
      ctx.body = { message: err.message };
      return;
    }
    // The body is read: the body parser must not wait for it (it only reads the types it parses).
    ctx.request.headers['content-type'] = 'application/octet-stream';
    return next();
  }
  try {
    await next();
  } finally {
    const paths = tempPaths(Reflect.get(ctx.request, 'files'));
    await Promise.all(paths.map((p) => rm(p, { force: true }).catch(() => undefined)));
  }
};
