/** Shown where a product has no photo (cards, gallery, cart lines): a soft pink frame with a drop shape. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500"><rect width="400" height="500" fill="#f6e9ec"/><path d="M150 220c0-28 22-50 50-50s50 22 50 50-22 70-50 90c-28-20-50-62-50-90z" fill="#e7c3cc"/></svg>',
  );
