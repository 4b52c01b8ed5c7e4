import { z } from 'zod';
import { siteContentSchema } from './site-content.js';

/**
 * The same schema without its forgiving parts, for writes: every `.catch()` fallback is gone (a value out of range or
 * of the wrong type is refused instead of silently replaced by its default) and a `z.preprocess` coercion checks the
 * target schema as is (a negative amount or a text where a number goes is refused, not turned into 0). Defaults for
 * absent fields, messages, and the rules across fields stay. Reading stored content stays forgiving (readSiteContent).
 */
export function strictSchema<S extends z.ZodType>(schema: S): S {
  const def = schema.def as unknown as Record<string, unknown> & { type: string };
  const strict = (inner: unknown) => strictSchema(inner as z.ZodType);
  const clone = (changes: Record<string, unknown>) => schema.clone({ ...def, ...changes } as typeof schema.def) as S;
  switch (def.type) {
    case 'catch':
      return strict(def.innerType) as S;
    case 'default':
    case 'prefault':
    case 'optional':
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
      return clone({ innerType: strict(def.innerType) });
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return clone({ shape: Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strictSchema(value)])) });
    }
    case 'array':
      return clone({ element: strict(def.element) });
    case 'pipe': {
      const from = def.in as z.ZodType;
      // z.preprocess(fn, target) is pipe(transform, target): the write checks the target alone.
      if (from.def.type === 'transform') return strict(def.out) as S;
      return clone({ in: strict(def.in), out: strict(def.out) });
    }
    default:
      return schema;
  }
}

/** PUT /content (after the body is merged onto what is stored): strict, see strictSchema. */
export const siteContentWriteSchema = strictSchema(siteContentSchema);
