// What scripts/fake-whatsapp.mjs answers on the Graph API side: Graph error bodies, the checks of a send request
// (POST /{phone-number-id}/messages), the message templates it holds and their listing, and WhatsApp ids.
import { randomBytes, randomInt } from 'node:crypto';

/** A Graph trace id (opaque to the caller; Meta's are ~23 characters of base64). */
const traceId = () => randomBytes(18).toString('base64').replace(/[+/=]/g, '').slice(0, 23);

/**
 * A Graph API error body: `{error: {message, type, code, error_subcode?, is_transient?, error_data?: {messaging_product,
 * details}, fbtrace_id}}`. Cloud API errors put the code's title in `message` as `(#<code>) <title>`.
 */
export function graphError(code, message, { type = 'OAuthException', details, subcode, transient } = {}) {
  const error = { message, type, code };
  if (subcode !== undefined) error.error_subcode = subcode;
  if (transient !== undefined) error.is_transient = transient;
  if (details !== undefined) error.error_data = { messaging_product: 'whatsapp', details };
  error.fbtrace_id = traceId();
  return { error };
}

/** Graph's answer for an id it does not know (or the token cannot see), as 400 code 100 subcode 33. */
export const unsupported = (method, id) =>
  graphError(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { type: 'GraphMethodException', subcode: 33 },
  );

/** Titles and details of the errors the `mode` control can give (`code` overrides the status's default). */
const OUTAGES = {
  130429: ['Rate limit hit', 'Cloud API message throughput has been reached.'],
  131056: [
    '(Business Account, Consumer Account) pair rate limit hit',
    'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  ],
  131048: [
    'Spam rate limit hit',
    'Message failed to send because there are restrictions on how many messages can be sent from this phone number.',
  ],
  131000: ['Something went wrong', 'Something went wrong'],
  2: ['Service temporarily unavailable'],
};

/** The Graph error of the `mode` control: 429 → 130429, 503 → 2 (is_transient), 500 → 131000; or `code`'s. */
export function outage(status, code = status === 429 ? 130429 : status === 503 ? 2 : 131000) {
  const [title, details] = OUTAGES[code] ?? OUTAGES[131000];
  return graphError(code, `(#${code}) ${title}`, code === 2 ? { transient: true } : { details });
}

/** A phone number as WhatsApp takes it: digits only (a leading +, spaces, dashes and parentheses are dropped). */
export const digitsOf = (value) => (typeof value === 'string' || typeof value === 'number' ? String(value).replace(/[\s()+-]/g, '') : '');

/** A WhatsApp message id: `wamid.` and base64 of a small binary record that carries the other party's number. */
export function wamid(number) {
  const record = `\u0015\u0018${String.fromCharCode(number.length)}${number}\u0015\u0002\u0000\u0011\u0018\u0012${randomBytes(9).toString('hex').toUpperCase()}\u0000`;
  return `wamid.${Buffer.from(record, 'latin1').toString('base64')}`;
}

/** The numbers n of the `{{n}}` placeholders of a text (each counted once). */
export const placeholders = (text) => new Set([...String(text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;

const body = (text) => [{ type: 'BODY', text }];

/** The templates a new fake holds: a lingerie shop's order notices (es_AR), Meta's sample, one pending, one rejected. */
export function defaultTemplates() {
  const utility = (name, text, extra = {}) => ({
    name,
    language: 'es_AR',
    status: 'APPROVED',
    category: 'UTILITY',
    components: body(text),
    ...extra,
  });
  return [
    utility('pedido_recibido', 'Hola {{1}}, recibimos tu pedido {{2}} por un total de {{3}}. Te avisamos por acá cuando lo confirmemos.'),
    utility(
      'comprobante_recibido',
      'Hola {{1}}, recibimos el comprobante de pago de tu pedido {{2}}. Lo revisamos y te confirmamos a la brevedad.',
    ),
    utility('pago_confirmado', 'Hola {{1}}, confirmamos el pago de tu pedido {{2}} por {{3}}. ¡Gracias por tu compra!'),
    utility('pedido_listo_retiro', 'Hola {{1}}, tu pedido {{2}} ya está listo para retirar en {{3}}. Te esperamos.'),
    utility('pedido_enviado', 'Hola {{1}}, tu pedido {{2}} ya está en camino con {{3}}. Podés seguir el envío acá: {{4}}'),
    utility('pedido_entregado', 'Hola {{1}}, tu pedido {{2}} figura como entregado. ¡Esperamos que lo disfrutes!'),
    {
      name: 'hello_world',
      language: 'en_US',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
        {
          type: 'BODY',
          text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
        },
        { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
      ],
    },
    {
      ...utility('nueva_coleccion', 'Hola {{1}}, llegó la nueva colección de temporada. ¡Pasá a verla!'),
      status: 'PENDING',
      category: 'MARKETING',
    },
    {
      ...utility('descuento_exclusivo', '{{1}}, tenés 50% OFF solo por hoy. ¡No te lo pierdas!'),
      status: 'REJECTED',
      category: 'MARKETING',
    },
  ].map(normalizeTemplate);
}

/** A template as Graph lists it; `body` (a string) is a shorthand for one BODY component. */
export function normalizeTemplate(template) {
  const { body: text, ...rest } = template;
  return {
    name: String(rest.name ?? ''),
    parameter_format: rest.parameter_format ?? 'POSITIONAL',
    components: rest.components ?? (text !== undefined ? body(String(text)) : []),
    language: rest.language ?? 'es_AR',
    status: rest.status ?? 'APPROVED',
    category: rest.category ?? 'UTILITY',
    id: String(rest.id ?? `${randomInt(1, 10)}${randomInt(10_000_000, 100_000_000)}${randomInt(1_000_000, 10_000_000)}`),
  };
}

const cursor = (index) => Buffer.from(`tpl:${index}`).toString('base64url');
const fromCursor = (value) => {
  const match = /^tpl:(\d+)$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
};

/**
 * GET /{waba-id}/message_templates: `?limit` (default 25), `?after` (a cursor of the previous page), `?fields`, and
 * the filters `name` (contains), `status`, `language`, `category`. Answers [HTTP status, body].
 */
export function listTemplates(templates, url) {
  const query = url.searchParams;
  const filters = ['status', 'language', 'category'].map((key) => [key, query.get(key)]).filter(([, value]) => value);
  const name = (query.get('name') ?? '').toLowerCase();
  const found = templates.filter((t) => t.name.toLowerCase().includes(name) && filters.every(([key, value]) => t[key] === value));
  const limit = Math.min(Math.max(Number.parseInt(query.get('limit') ?? '25', 10) || 25, 1), 1000);
  let start = 0;
  if (query.get('after')) {
    const last = fromCursor(query.get('after'));
    if (last === null) return [400, graphError(100, '(#100) Invalid parameter', { details: 'The after cursor is not valid.' })];
    start = last + 1;
  }
  const fields = query.get('fields')
    ? query
        .get('fields')
        .split(',')
        .map((f) => f.trim())
    : null;
  const data = found
    .slice(start, start + limit)
    .map((t) => (fields ? Object.fromEntries(Object.entries(t).filter(([k]) => k === 'id' || fields.includes(k))) : t));
  if (data.length === 0) return [200, { data }];
  const paging = { cursors: { before: cursor(start), after: cursor(start + data.length - 1) } };
  if (start + data.length < found.length) {
    const next = new URL(url);
    next.searchParams.set('after', paging.cursors.after);
    paging.next = next.toString();
  }
  return [200, { data, paging }];
}

const invalid = (details) => ({ fail: [400, graphError(100, '(#100) Invalid parameter', { details })] });
const missing = (details) => ({ fail: [400, graphError(131008, '(#131008) Required parameter is missing', { details })] });

/** The value of one template parameter, or a failure. */
function parameterValue(parameter, where) {
  if (parameter?.type === 'text') {
    if (typeof parameter.text !== 'string' || parameter.text === '') return missing('Parameter of type text is missing text value');
    // Meta refuses new lines, tabs and runs of more than four spaces inside a parameter (an address on two lines…).
    if (/[\n\t]| {5,}/.test(parameter.text))
      return {
        fail: [
          400,
          graphError(132018, '(#132018) There was an issue with the parameters in your template.', {
            details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
          }),
        ],
      };
    return { value: parameter.text };
  }
  if (parameter?.type === 'currency' || parameter?.type === 'date_time') {
    const fallback = parameter[parameter.type]?.fallback_value;
    return typeof fallback === 'string' && fallback
      ? { value: fallback }
      : missing(`${where}['${parameter.type}']['fallback_value'] is required.`);
  }
  return invalid(`${where}['type'] must be one of {text, currency, date_time} (the parameter types this fake knows).`);
}

/** A template send: the approved template, its parameters per component, counted against its placeholders. */
function checkTemplate(template, templates) {
  if (!template || typeof template !== 'object') return missing('The parameter template is required.');
  if (!template.name) return missing("The parameter template['name'] is required.");
  const language = template.language?.code;
  if (!language) return missing("The parameter template['language']['code'] is required.");
  if (template.language.policy !== undefined && template.language.policy !== 'deterministic')
    return invalid("Param template['language']['policy'] must be 'deterministic'.");
  const known = templates.find((t) => t.name === template.name && t.language === language);
  const halted = { PAUSED: [132015, 'Template is Paused'], DISABLED: [132016, 'Template is Disabled'] }[known?.status];
  if (halted)
    return {
      fail: [
        400,
        graphError(halted[0], `(#${halted[0]}) ${halted[1]}`, {
          details: `template name (${known.name}) is ${known.status.toLowerCase()}`,
        }),
      ],
    };
  if (known?.status !== 'APPROVED')
    return {
      fail: [
        400,
        graphError(132001, '(#132001) Template name does not exist in the translation', {
          details: `template name (${template.name}) does not exist in ${language}`,
        }),
      ],
    };
  if (template.components !== undefined && !Array.isArray(template.components))
    return invalid("Param template['components'] must be an array.");
  const given = { header: [], body: [], button: [] };
  for (const [i, component] of (template.components ?? []).entries()) {
    const where = `template['components'][${i}]`;
    const type = String(component?.type ?? '').toLowerCase();
    if (!(type in given)) return invalid(`Param ${where}['type'] must be one of {HEADER, BODY, BUTTON}.`);
    if (component.parameters !== undefined && !Array.isArray(component.parameters))
      return invalid(`Param ${where}['parameters'] must be an array.`);
    for (const [j, parameter] of (component.parameters ?? []).entries()) {
      const checked = parameterValue(parameter, `Param ${where}['parameters'][${j}]`);
      if (checked.fail) return checked;
      given[type].push(checked.value);
    }
  }
  const textOf = (type) => known.components.find((c) => c.type === type.toUpperCase())?.text ?? '';
  for (const type of ['header', 'body']) {
    const expected = placeholders(textOf(type));
    if (given[type].length !== expected)
      return {
        fail: [
          400,
          graphError(132000, '(#132000) Number of parameters does not match the expected number of params', {
            details: `${type}: number of localizable_params (${given[type].length}) does not match the expected number of params (${expected})`,
          }),
        ],
      };
  }
  if (given.button.length > 0 && !known.components.some((c) => c.type === 'BUTTONS'))
    return invalid(`The template ${known.name} has no buttons to take parameters.`);
  const rendered = textOf('body').replace(/\{\{\s*(\d+)\s*\}\}/g, (_, n) => given.body[Number(n) - 1] ?? '');
  return {
    message: {
      type: 'template',
      template: { name: known.name, language, category: known.category, parameters: given.body },
      text: rendered,
    },
  };
}

/**
 * The checks of POST /{phone-number-id}/messages, in Meta's order as far as the docs tell it. Answers `{fail: [HTTP
 * status, Graph error]}` or `{message: {to, input, type, text, template?}}` (`to`: digits; `input`: as
 * given; `text`: what the shopper reads).
 */
export function checkSend(request, templates) {
  if (request === null) return invalid('The request body is not valid JSON.');
  if (request.messaging_product === undefined) {
    return {
      fail: [400, graphError(100, '(#100) The parameter messaging_product is required.', { details: 'messaging_product is required' })],
    };
  }
  if (request.messaging_product !== 'whatsapp') return invalid("Param messaging_product must be 'whatsapp'.");
  if (request.to === undefined || request.to === '') return missing('The parameter to is required.');
  const to = digitsOf(request.to);
  if (!/^\d{8,15}$/.test(to)) return invalid(`Param to must be a phone number in international format; got ${JSON.stringify(request.to)}.`);
  const type = request.type ?? 'text';
  let checked;
  if (type === 'text') {
    const text = request.text?.body;
    if (typeof text !== 'string' || text === '') return missing("The parameter text['body'] is required.");
    if (text.length > 4096) return invalid("Param text['body'] must be at most 4096 characters long.");
    checked = { message: { type, text } };
  } else if (type === 'template') {
    checked = checkTemplate(request.template, templates);
  } else {
    return invalid(`Param type '${type}' is not a type this fake sends (text, template).`);
  }
  return checked.fail ? checked : { message: { to, input: String(request.to), ...checked.message } };
}
