/** A finished message: subject, HTML body and the plain-text part for mail apps that do not show HTML. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/** Brand and contact lines every message carries (from the shop's constants and site content). */
export interface MailShop {
  brand: string;
  /** Contact lines for the footer (phone, e-mail, address), already plain text. */
  contactLines: string[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text a shopper or staff typed becomes inert HTML: markup characters are written as entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/** Only http(s) links go into an href; anything else (javascript:, data:) becomes '#'. */
export function safeHref(url: string): string {
  return /^https?:\/\//i.test(url) ? escapeHtml(url) : '#';
}

/** One block of the message: a heading and rows of label/value, paragraphs, or links. Values are plain text. */
export interface MailBlock {
  title?: string;
  paragraphs?: string[];
  rows?: [string, string][];
  /** Links written as links (http(s) only, see safeHref); in the plain-text part, the label and the address. */
  links?: { label: string; url: string }[];
}

export interface MailLayout {
  shop: MailShop;
  subject: string;
  greeting: string;
  intro: string[];
  blocks: MailBlock[];
  action?: { label: string; url: string };
}

const COLORS = { ink: '#3b2a33', accent: '#a4506f', soft: '#f7eef2', line: '#ead7df' };

function blockHtml(block: MailBlock): string {
  const title = block.title ? `<h2 style="font-size:16px;margin:20px 0 8px;color:${COLORS.accent}">${escapeHtml(block.title)}</h2>` : '';
  const paragraphs = (block.paragraphs ?? []).map((p) => `<p style="margin:0 0 8px">${escapeHtml(p)}</p>`).join('');
  const rows = (block.rows ?? [])
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 12px 4px 0;border-bottom:1px solid ${COLORS.line};color:#6b5560">${escapeHtml(label)}</td>` +
        `<td style="padding:4px 0;border-bottom:1px solid ${COLORS.line};text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const table = rows ? `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">${rows}</table>` : '';
  const links = (block.links ?? [])
    .map((l) => `<p style="margin:8px 0"><a href="${safeHref(l.url)}" style="color:${COLORS.accent}">${escapeHtml(l.label)}</a></p>`)
    .join('');
  return title + paragraphs + table + links;
}

function blockText(block: MailBlock): string {
  const lines: string[] = [];
  if (block.title) lines.push(block.title.toUpperCase());
  lines.push(...(block.paragraphs ?? []));
  for (const [label, value] of block.rows ?? []) lines.push(`${label}: ${value}`);
  for (const link of block.links ?? []) lines.push(`${link.label}: ${link.url}`);
  return lines.join('\n');
}

/** The HTML and plain-text parts of one message, from the same content (every value escaped in the HTML). */
export function renderMail(layout: MailLayout): MailContent {
  const { shop } = layout;
  const action = layout.action
    ? `<p style="margin:24px 0"><a href="${safeHref(layout.action.url)}" style="background:${COLORS.accent};color:#fff;` +
      `padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(layout.action.label)}</a></p>`
    : '';
  const footer = [shop.brand, ...shop.contactLines].map(escapeHtml).join('<br>');
  const html =
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>` +
    `<body style="margin:0;background:${COLORS.soft};font-family:Helvetica,Arial,sans-serif;color:${COLORS.ink}">` +
    `<div style="max-width:600px;margin:0 auto;padding:24px 16px">` +
    `<p style="font-size:20px;font-weight:bold;color:${COLORS.accent};margin:0 0 16px">${escapeHtml(shop.brand)}</p>` +
    `<div style="background:#fff;border-radius:8px;padding:20px">` +
    `<p style="margin:0 0 12px">${escapeHtml(layout.greeting)}</p>` +
    layout.intro.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('') +
    layout.blocks.map(blockHtml).join('') +
    action +
    `</div><p style="font-size:12px;color:#6b5560;margin:16px 0 0">${footer}</p></div></body></html>`;
  const text = [
    layout.greeting,
    '',
    ...layout.intro.flatMap((p) => [p, '']),
    ...layout.blocks.flatMap((b) => [blockText(b), '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    '--',
    shop.brand,
    ...shop.contactLines,
  ].join('\n');
  return { subject: layout.subject, html, text };
}
