import type { Product, Review } from '@shop/shared';

interface ProductPage {
  description: string;
  /** The absolute URL of the preview picture, when the product has one. */
  image: string | undefined;
  price: number;
  canonical: string;
  siteName: string;
}

/** The newest approved reviews as schema.org `Review`s: the name shown on the page ('María G.'), never her e-mail. */
function reviewsLd(reviews: readonly Review[]) {
  return reviews.map((review) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: review.author },
    datePublished: review.createdAt.slice(0, 10),
    ...(review.title ? { name: review.title } : {}),
    ...(review.text ? { reviewBody: review.text } : {}),
    reviewRating: { '@type': 'Rating', ratingValue: review.stars, bestRating: 5, worstRating: 1 },
  }));
}

/**
 * The product page's JSON-LD `Product` (schema.org): the offer, the approved reviews' stars and up to 5 of the newest
 * approved reviews. page-head.ts writes it into the page escaped (`<`, `>` and `&` as \u escapes).
 */
export function productJsonLd(product: Product, page: ProductPage, reviews: readonly Review[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: page.description,
    ...(page.image ? { image: [page.image] } : {}),
    sku: product._id,
    productID: product._id,
    category: product.category,
    brand: { '@type': 'Brand', name: page.siteName },
    offers: {
      '@type': 'Offer',
      price: page.price,
      priceCurrency: 'ARS',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: page.canonical,
    },
    // The approved reviews' stars (search engines show them beside the result).
    ...(product.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    // Up to 5 of the newest approved reviews (the same the product page lists first).
    ...(product.rating && reviews.length > 0 ? { review: reviewsLd(reviews) } : {}),
  };
}
