import type { Category } from '@shop/shared';

interface CategoryOptionsProps {
  categories: readonly Category[];
  /** The value being edited: kept as an option even when it is no longer a configured category. */
  current: string;
}

/** The <option>s of a category select: a placeholder, an unknown current value, then the configured categories. */
export function CategoryOptions({ categories, current }: CategoryOptionsProps) {
  return (
    <>
      <option value="">Seleccioná una categoría</option>
      {current && !categories.some((c) => c.name === current) && <option value={current}>{current}</option>}
      {categories.map((c) => (
        <option key={c.name} value={c.name}>
          {c.display_name || c.name}
        </option>
      ))}
    </>
  );
}
