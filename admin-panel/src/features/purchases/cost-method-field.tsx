import { useQuery } from '@tanstack/react-query';
import { COST_METHODS, COST_METHOD_LABELS, type CostMethod } from '@shop/shared';
import { usePermission } from '@/features/auth';
import { purchaseQueries, useSetCostMethod } from './purchases-api';

const isMethod = (value: string): value is CostMethod => (COST_METHODS as readonly string[]).includes(value);

/** How receiving a purchase updates each variant's cost: the owner chooses (settings.manage), the others read it. */
export function CostMethodField() {
  const settings = useQuery(purchaseQueries.settings());
  const canChange = usePermission('settings.manage');
  const save = useSetCostMethod();
  const method = settings.data?.costMethod;
  if (!method) return null;
  if (!canChange)
    return (
      <p className="muted" data-testid="cost-method">
        Costo de las variantes: {COST_METHOD_LABELS[method]}.
      </p>
    );
  return (
    <div className="field" data-testid="cost-method">
      <label htmlFor="purchase-cost-method">Costo de las variantes al recibir</label>
      <select
        id="purchase-cost-method"
        value={method}
        disabled={save.isPending}
        onChange={(e) => {
          if (isMethod(e.target.value)) save.mutate(e.target.value);
        }}
      >
        {COST_METHODS.map((value) => (
          <option key={value} value={value}>
            {COST_METHOD_LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
