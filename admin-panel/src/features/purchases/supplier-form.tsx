import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '@shop/client-kit';
import type { Supplier } from '@shop/shared';
import { PendingButton } from '@/components/submit-button';
import { useSaveSupplier } from './purchases-api';

interface SupplierFormProps {
  /** The supplier being edited; null for a new one. */
  supplier: Supplier | null;
  onSaved: (supplier: Supplier) => void;
  onFailure: (message: string) => void;
}

/** A supplier's name, CUIT and contact: "Nuevo proveedor", or "Editar proveedor" of the one chosen. */
export function SupplierForm({ supplier, onSaved, onFailure }: SupplierFormProps) {
  const baseId = useId();
  const save = useSaveSupplier();
  const [fields, setFields] = useState({ name: supplier?.name ?? '', cuit: supplier?.cuit ?? '', contact: supplier?.contact ?? '' });
  const title = supplier ? `Editar ${supplier.name}` : 'Nuevo proveedor';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await save.mutateAsync({ id: supplier?.id ?? null, input: fields });
      onSaved(answer.supplier);
    } catch (error) {
      onFailure(errorMessage(error));
    }
  }

  const field = (key: keyof typeof fields, label: string, extra: { maxLength: number; inputMode?: 'numeric'; required?: boolean }) => (
    <div className="field">
      <label htmlFor={`${baseId}-${key}`}>{label}</label>
      <input
        id={`${baseId}-${key}`}
        type="text"
        value={fields[key]}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
        {...extra}
      />
    </div>
  );

  return (
    <form className="filters" onSubmit={(e) => void onSubmit(e)} aria-label={title} data-testid="supplier-form">
      {field('name', 'Nombre del proveedor', { maxLength: 120, required: true })}
      {field('cuit', 'CUIT (opcional)', { maxLength: 13, inputMode: 'numeric' })}
      {field('contact', 'Contacto (opcional)', { maxLength: 200 })}
      <div className="field">
        <PendingButton label="Guardar proveedor" pendingLabel="Guardando..." pending={save.isPending} />
      </div>
    </form>
  );
}
