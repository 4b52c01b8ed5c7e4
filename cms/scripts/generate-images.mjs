// Renders the demo catalogue's pictures (SVG illustrations of garments -> WebP) into cms/public/images.
// The drawings are laid out on a 600 x 750 canvas and rendered at twice that (1200 x 1500, aspect 4:5), so the
// responsive copies up to 1200 px wide (cms/src/domains/storefront-pages/picture-variants.ts) are sharp renders, not enlargements.
// Usage: node cms/scripts/generate-images.mjs   (reads cms/seed/products.json; the output is committed)
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const cmsDir = path.resolve(here, '..');
const require = createRequire(path.join(cmsDir, 'package.json'));
const sharp = require('sharp');

const W = 600;
const H = 750;
/** SVG rendering density: 72 dpi is 1:1, so 144 renders at 2x. */
const DENSITY = 144;

/** Scalloped lace edge along a horizontal line. */
function scallops(x1, x2, y, r, color, opacity = 1) {
  let d = `M ${x1} ${y}`;
  for (let x = x1; x < x2; x += r * 2) d += ` a ${r} ${r} 0 0 0 ${r * 2} 0`;
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="3" opacity="${opacity}"/>`;
}

function lacePattern(id, color) {
  return `<pattern id="${id}" width="26" height="26" patternUnits="userSpaceOnUse">
    <circle cx="13" cy="13" r="6" fill="none" stroke="${color}" stroke-width="1.6" opacity="0.55"/>
    <circle cx="0" cy="0" r="3" fill="${color}" opacity="0.35"/><circle cx="26" cy="26" r="3" fill="${color}" opacity="0.35"/>
  </pattern>`;
}

function bra({ fill, accent }, cx, cy, s = 1, withStraps = true) {
  const w = 150 * s;
  const h = 120 * s;
  const cup = (dir) => {
    const x0 = cx + dir * 8 * s;
    const x1 = cx + dir * w;
    return `<path d="M ${x0} ${cy + h * 0.55} C ${x0 + dir * 10 * s} ${cy - h * 0.1}, ${x1 - dir * 40 * s} ${cy - h * 0.55}, ${x1 - dir * 18 * s} ${cy - h * 0.5}
      L ${x1} ${cy + h * 0.45} C ${x1 - dir * 50 * s} ${cy + h * 0.8}, ${x0 + dir * 40 * s} ${cy + h * 0.85}, ${x0} ${cy + h * 0.55} Z"
      fill="${fill}" stroke="${accent}" stroke-width="${4 * s}"/>
      <path d="M ${x0 + dir * 12 * s} ${cy + h * 0.45} C ${x0 + dir * 30 * s} ${cy + h * 0.05}, ${x1 - dir * 50 * s} ${cy - h * 0.3}, ${x1 - dir * 22 * s} ${cy - h * 0.38}"
      fill="none" stroke="url(#lace)" stroke-width="${22 * s}" stroke-linecap="round" opacity="0.9"/>`;
  };
  const band = `<path d="M ${cx - w - 30 * s} ${cy + h * 0.42} Q ${cx} ${cy + h * 0.95} ${cx + w + 30 * s} ${cy + h * 0.42} L ${cx + w + 30 * s} ${cy + h * 0.62} Q ${cx} ${cy + h * 1.12} ${cx - w - 30 * s} ${cy + h * 0.62} Z" fill="${fill}" stroke="${accent}" stroke-width="${3 * s}"/>`;
  const straps = withStraps
    ? `<path d="M ${cx - w + 16 * s} ${cy - h * 0.48} L ${cx - w + 40 * s} ${cy - h * 1.45}" stroke="${fill}" stroke-width="${8 * s}" stroke-linecap="round"/>
       <path d="M ${cx + w - 16 * s} ${cy - h * 0.48} L ${cx + w - 40 * s} ${cy - h * 1.45}" stroke="${fill}" stroke-width="${8 * s}" stroke-linecap="round"/>`
    : '';
  const bow = `<circle cx="${cx}" cy="${cy + h * 0.5}" r="${7 * s}" fill="${accent}"/>`;
  return straps + band + cup(-1) + cup(1) + bow;
}

function sportBra({ fill, accent }, cx, cy) {
  // Racerback sports bra: wide straps, scooped neckline, cups suggested by seams, elastic underband.
  return `<path d="M ${cx - 120} ${cy - 190} L ${cx - 70} ${cy - 190} Q ${cx - 60} ${cy - 80} ${cx} ${cy - 70} Q ${cx + 60} ${cy - 80} ${cx + 70} ${cy - 190}
      L ${cx + 120} ${cy - 190} Q ${cx + 125} ${cy - 90} ${cx + 170} ${cy - 30} L ${cx + 165} ${cy + 70}
      Q ${cx} ${cy + 92} ${cx - 165} ${cy + 70} L ${cx - 170} ${cy - 30} Q ${cx - 125} ${cy - 90} ${cx - 120} ${cy - 190} Z"
      fill="${fill}" stroke="${accent}" stroke-width="4"/>
    <path d="M ${cx - 150} ${cy + 10} Q ${cx - 80} ${cy - 40} ${cx - 10} ${cy + 18}" fill="none" stroke="${accent}" stroke-width="3" opacity="0.8"/>
    <path d="M ${cx + 150} ${cy + 10} Q ${cx + 80} ${cy - 40} ${cx + 10} ${cy + 18}" fill="none" stroke="${accent}" stroke-width="3" opacity="0.8"/>
    <path d="M ${cx - 166} ${cy + 52} Q ${cx} ${cy + 74} ${cx + 166} ${cy + 52} L ${cx + 165} ${cy + 70} Q ${cx} ${cy + 92} ${cx - 165} ${cy + 70} Z" fill="${accent}"/>
    <path d="M ${cx - 112} ${cy - 180} L ${cx - 78} ${cy - 180}" stroke="${accent}" stroke-width="3"/>
    <path d="M ${cx + 78} ${cy - 180} L ${cx + 112} ${cy - 180}" stroke="${accent}" stroke-width="3"/>`;
}

function brief({ fill, accent }, cx, cy, s = 1, style = 'brief') {
  const w = 170 * s;
  const rise = style === 'highwaist' ? 90 * s : style === 'bombi' ? 30 * s : 0;
  const top = cy - 70 * s - rise;
  const legY = style === 'bombi' ? cy + 120 * s : cy + 60 * s;
  const crotch = style === 'thong' ? 18 * s : style === 'bombi' ? 44 * s : 34 * s;
  const legIn = style === 'bombi' ? w * 0.55 : style === 'thong' ? w * 0.85 : w * 0.7;
  return `<path d="M ${cx - w} ${top} Q ${cx} ${top + 26 * s} ${cx + w} ${top}
      L ${cx + w - 6 * s} ${legY - 40 * s} Q ${cx + legIn * 0.55} ${legY + 10 * s} ${cx + crotch} ${cy + 150 * s}
      L ${cx - crotch} ${cy + 150 * s} Q ${cx - legIn * 0.55} ${legY + 10 * s} ${cx - w + 6 * s} ${legY - 40 * s} Z"
      fill="${fill}" stroke="${accent}" stroke-width="${4 * s}"/>
    <path d="M ${cx - w} ${top + 14 * s} Q ${cx} ${top + 40 * s} ${cx + w} ${top + 14 * s}" stroke="url(#lace)" stroke-width="${20 * s}" fill="none"/>
    <circle cx="${cx}" cy="${top + 34 * s}" r="${7 * s}" fill="${accent}"/>`;
}

function body({ fill, accent }, cx, cy) {
  return `<path d="M ${cx - 110} ${cy - 170} L ${cx - 95} ${cy - 280} M ${cx + 110} ${cy - 170} L ${cx + 95} ${cy - 280}" stroke="${fill}" stroke-width="8" stroke-linecap="round"/>
    <path d="M ${cx - 135} ${cy - 175} Q ${cx - 60} ${cy - 230} ${cx} ${cy - 120} Q ${cx + 60} ${cy - 230} ${cx + 135} ${cy - 175}
      Q ${cx + 95} ${cy - 20} ${cx + 135} ${cy + 110} Q ${cx + 70} ${cy + 150} ${cx + 26} ${cy + 250} L ${cx - 26} ${cy + 250}
      Q ${cx - 70} ${cy + 150} ${cx - 135} ${cy + 110} Q ${cx - 95} ${cy - 20} ${cx - 135} ${cy - 175} Z" fill="${fill}" stroke="${accent}" stroke-width="4"/>
    <path d="M ${cx - 120} ${cy - 165} Q ${cx - 60} ${cy - 210} ${cx} ${cy - 110} Q ${cx + 60} ${cy - 210} ${cx + 120} ${cy - 165}" stroke="url(#lace)" stroke-width="40" fill="none"/>
    <path d="M ${cx - 100} ${cy + 40} Q ${cx} ${cy + 70} ${cx + 100} ${cy + 40}" stroke="${accent}" stroke-width="3" fill="none" opacity="0.7"/>`;
}

function pajama({ fill, accent }, cx, cy, long) {
  const top = `<path d="M ${cx - 120} ${cy - 260} L ${cx - 40} ${cy - 280} Q ${cx} ${cy - 240} ${cx + 40} ${cy - 280} L ${cx + 120} ${cy - 260}
      L ${long ? cx + 200 : cx + 150} ${long ? cy - 60 : cy - 200} L ${cx + 130} ${long ? cy - 40 : cy - 175} L ${cx + 125} ${cy - 40} L ${cx - 125} ${cy - 40}
      L ${cx - 130} ${long ? cy - 40 : cy - 175} L ${long ? cx - 200 : cx - 150} ${long ? cy - 60 : cy - 200} Z" fill="${fill}" stroke="${accent}" stroke-width="4"/>
    <path d="M ${cx - 40} ${cy - 278} Q ${cx} ${cy - 236} ${cx + 40} ${cy - 278}" stroke="${accent}" stroke-width="8" fill="none"/>`;
  const legLen = long ? 300 : 120;
  const bottom = `<path d="M ${cx - 120} ${cy - 20} L ${cx + 120} ${cy - 20} L ${cx + 135} ${cy - 20 + legLen} L ${cx + 15} ${cy - 20 + legLen}
      L ${cx} ${cy + 50} L ${cx - 15} ${cy - 20 + legLen} L ${cx - 135} ${cy - 20 + legLen} Z" fill="${fill}" stroke="${accent}" stroke-width="4"/>
    ${scallops(cx - 130, cx - 20, cy - 20 + legLen, 6, accent)}${scallops(cx + 20, cx + 130, cy - 20 + legLen, 6, accent)}`;
  return top + bottom;
}

function nightgown({ fill, accent }, cx, cy, dots) {
  return `<path d="M ${cx - 70} ${cy - 230} L ${cx - 60} ${cy - 300} M ${cx + 70} ${cy - 230} L ${cx + 60} ${cy - 300}" stroke="${accent}" stroke-width="6" stroke-linecap="round"/>
    <path d="M ${cx - 95} ${cy - 235} Q ${cx} ${cy - 180} ${cx + 95} ${cy - 235} L ${cx + 110} ${cy - 120} Q ${cx + 120} ${cy + 80} ${cx + 190} ${cy + 260}
      Q ${cx} ${cy + 300} ${cx - 190} ${cy + 260} Q ${cx - 120} ${cy + 80} ${cx - 110} ${cy - 120} Z" fill="${dots ? 'url(#dots)' : fill}" stroke="${accent}" stroke-width="4"/>
    <path d="M ${cx - 100} ${cy - 225} Q ${cx} ${cy - 165} ${cx + 100} ${cy - 225}" stroke="url(#lace)" stroke-width="34" fill="none"/>
    ${scallops(cx - 186, cx + 180, cy + 268, 8, accent, 0.9)}`;
}

function garment(art) {
  const cx = W / 2;
  switch (art.kind) {
    case 'set':
      return bra(art, cx, 230, 0.95) + brief(art, cx, 500, 0.85);
    case 'bra':
      return bra(art, cx, 360, 1.25);
    case 'bralette':
      return bra(art, cx, 370, 1.2, true).replace(/stroke-width="10"/g, 'stroke-width="5"');
    case 'sport':
      return sportBra(art, cx, 380);
    case 'brief':
      return brief(art, cx, 360, 1.3);
    case 'highwaist':
      return brief(art, cx, 380, 1.25, 'highwaist');
    case 'thong':
      return brief(art, cx, 360, 1.3, 'thong');
    case 'bombi':
      return art.stripes
        ? brief(art, cx, 350, 1.3, 'bombi').replace(`fill="${art.fill}"`, 'fill="url(#stripes)"')
        : brief(art, cx, 350, 1.3, 'bombi');
    case 'body':
      return body(art, cx, 400);
    case 'pajama':
      return pajama(art, cx, 390, Boolean(art.long));
    case 'nightgown':
      return nightgown(art, cx, 390, Boolean(art.dots));
    default:
      throw new Error(`unknown garment kind ${art.kind}`);
  }
}

function productSvg(art) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="${art.bg}"/></radialGradient>
    ${lacePattern('lace', art.accent)}
    <pattern id="stripes" width="24" height="24" patternUnits="userSpaceOnUse"><rect width="24" height="24" fill="${art.fill}"/><rect width="24" height="8" fill="${art.accent}"/></pattern>
    <pattern id="dots" width="34" height="34" patternUnits="userSpaceOnUse"><rect width="34" height="34" fill="${art.fill}"/>
      <g fill="${art.accent}"><circle cx="9" cy="9" r="4"/><circle cx="14" cy="9" r="3"/><circle cx="11" cy="14" r="3"/><circle cx="26" cy="26" r="4"/></g></pattern>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="10" stdDeviation="12" flood-color="#7a5560" flood-opacity="0.18"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="${W - 60}" cy="70" r="110" fill="${art.accent}" opacity="0.18"/>
  <circle cx="60" cy="${H - 60}" r="140" fill="${art.fill}" opacity="0.10"/>
  <g filter="url(#shadow)">${garment(art)}</g>
  <text x="${W / 2}" y="${H - 34}" text-anchor="middle" font-family="Georgia, serif" font-size="22" letter-spacing="6" fill="#9b7b83" opacity="0.75">JAZMÍN</text>
</svg>`;
}

function heroSvg() {
  const w = 1600;
  const h = 900;
  const arts = [
    { fill: '#E8B4B8', accent: '#F7DCE0', bg: '#FBF1F2' },
    { fill: '#E3C4A8', accent: '#F1E0D0', bg: '#FAF4EE' },
    { fill: '#C8B6E2', accent: '#E6DCF2', bg: '#F6F2FB' },
  ];
  // Three sets hanging from a rail on the right half; the left half stays calm for the slogan.
  const pieces = arts
    .map((art, i) => {
      const x = 930 + i * 230;
      const hook = `<path d="M ${x} 150 q 0 -22 16 -22 q 16 0 16 16" fill="none" stroke="#B89AA2" stroke-width="4"/>
        <path d="M ${x - 95} 215 L ${x} 150 L ${x + 95} 215" fill="none" stroke="#B89AA2" stroke-width="5" stroke-linejoin="round"/>`;
      return `${hook}<g transform="translate(${x - 300 * 0.58} ${140}) scale(0.58)"><defs>${lacePattern(`lace${i}`, art.accent)}</defs>${bra(
        art,
        300,
        300,
        1,
      ).replace(/url\(#lace\)/g, `url(#lace${i})`)}${brief(art, 300, 660, 0.9).replace(/url\(#lace\)/g, `url(#lace${i})`)}</g>`;
    })
    .join('');
  const rail = `<line x1="800" y1="128" x2="1560" y2="128" stroke="#B89AA2" stroke-width="6" stroke-linecap="round"/>`;
  const petals = Array.from({ length: 14 }, (_, i) => {
    const x = (i * 137) % w;
    const y = (i * 271) % h;
    return `<ellipse cx="${x}" cy="${y}" rx="16" ry="8" transform="rotate(${i * 37} ${x} ${y})" fill="#F3C6CF" opacity="0.35"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FDF6F4"/><stop offset="0.55" stop-color="#F7E6E8"/><stop offset="1" stop-color="#EADCF0"/></linearGradient>
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="14" stdDeviation="16" flood-color="#7a5560" flood-opacity="0.18"/></filter></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  ${petals}
  <circle cx="1160" cy="470" r="380" fill="#FFFFFF" opacity="0.5"/>
  ${rail}
  <g filter="url(#shadow)">${pieces}</g>
</svg>`;
}

const products = JSON.parse(readFileSync(path.join(cmsDir, 'seed', 'products.json'), 'utf8'));
const outDir = path.join(cmsDir, 'public', 'images', 'products');
mkdirSync(outDir, { recursive: true });
let total = 0;
for (const product of products) {
  const file = path.join(outDir, `${product.image}.webp`);
  await sharp(Buffer.from(productSvg(product.art)), { density: DENSITY })
    .webp({ quality: 78, effort: 6 })
    .toFile(file);
  total += statSync(file).size;
}
const hero = path.join(cmsDir, 'public', 'images', 'hero-default.webp');
await sharp(Buffer.from(heroSvg())).webp({ quality: 76, effort: 6 }).toFile(hero);
console.log(
  `${products.length} product images (${Math.round(total / 1024)} KiB) and hero-default.webp (${Math.round(statSync(hero).size / 1024)} KiB)`,
);
