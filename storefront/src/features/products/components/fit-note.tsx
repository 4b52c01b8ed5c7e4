import { FIT_NOTES, fitBasis, type ProductFit } from '@shop/shared';

/**
 * How the model fits, learned from the shop's own exchanges and size returns ("La mayoría de las clientas eligió un
 * talle más"): the server sends it only once enough garments were exchanged (the owner's minimum).
 */
export function FitNote({ fit }: { fit: Required<ProductFit> }) {
  return (
    <p className="fit-note" data-testid="fit-note">
      <strong>{FIT_NOTES[fit.direction]}.</strong> <span className="muted">{fitBasis(fit.basedOn)}.</span>
    </p>
  );
}
