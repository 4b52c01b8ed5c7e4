import { Building2 } from 'lucide-react';
import { CARRIER_LABELS, type CarrierId, type ProvinceCode } from '@shop/shared';
import { useShippingBranches } from '../api/shipping';
import { ChoiceOption } from './choice-option';

interface BranchPickerProps {
  carrier: CarrierId;
  destination: { postalCode: string; province: ProvinceCode };
  chosen: string | null;
  onChoose: (id: string) => void;
}

/** The carrier's branches near the postal code, each with its address and hours: where the shopper picks it up. */
export function BranchPicker({ carrier, destination, chosen, onChoose }: BranchPickerProps) {
  const { data, isPending, isError } = useShippingBranches({ carrier, ...destination });
  return (
    <fieldset className="delivery-detail" data-testid="branch-picker">
      <legend className="delivery-detail__title">¿En qué sucursal de {CARRIER_LABELS[carrier]} lo retirás?</legend>
      <div role="status" aria-live="polite">
        {isPending && <p>Buscando sucursales cercanas…</p>}
      </div>
      {isError && (
        <p className="notice notice--error" role="alert">
          No pudimos traer las sucursales de {CARRIER_LABELS[carrier]}: probá de nuevo en unos minutos o elegí el envío a domicilio.
        </p>
      )}
      {data && data.branches.length === 0 && <p className="notice">No hay sucursales cerca de este código postal: elegí otra opción.</p>}
      {data && data.branches.length > 0 && (
        <div className="option-list">
          {data.branches.map((branch) => (
            <ChoiceOption
              key={branch.id}
              name="branchId"
              value={branch.id}
              checked={branch.id === chosen}
              onChoose={() => onChoose(branch.id)}
              icon={Building2}
              title={branch.name}
            >
              <span className="option__text">
                <strong>{branch.address}</strong>
              </span>
              {branch.hours && <span className="option__text muted">{branch.hours}</span>}
            </ChoiceOption>
          ))}
        </div>
      )}
    </fieldset>
  );
}
