import { Search } from 'lucide-react';

interface SearchFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The wide search box of a filter bar, with its magnifier icon. */
export function SearchField({ id, label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <div className="field field-grow">
      <label htmlFor={id}>{label}</label>
      <div className="input-icon">
        <Search size={16} aria-hidden="true" />
        <input id={id} type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
    </div>
  );
}
