import { usePromotionsFor } from '../api/get-live-promotions';

/** The badges of the live promotions covering a product ("3x2", "20% OFF"), each naming its promotion for readers. */
export function PromotionBadges({ category }: { category: string | null | undefined }) {
  const promotions = usePromotionsFor(category);
  if (promotions.length === 0) return null;
  return (
    <ul className="promo-badges" aria-label="Promociones" data-testid="promotion-badges">
      {promotions.map((p) => (
        <li key={p.id} className="promo-badge" title={p.name}>
          <span aria-hidden="true">{p.badge}</span>
          <span className="visually-hidden">Promoción: {p.name}</span>
        </li>
      ))}
    </ul>
  );
}
