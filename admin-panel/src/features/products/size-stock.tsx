interface SizeChipsProps {
  options: string[];
  chosen: string[];
  onToggle: (size: string) => void;
}

/** The size chips of the category's guide: each chosen size is a column of the stock grid. */
export function SizeChips({ options, chosen, onToggle }: SizeChipsProps) {
  return (
    <div className="chip-group">
      {options.map((size) => (
        <label key={size} className={`chip-check${chosen.includes(size) ? ' checked' : ''}`}>
          <input type="checkbox" checked={chosen.includes(size)} onChange={() => onToggle(size)} />
          {size}
        </label>
      ))}
    </div>
  );
}
