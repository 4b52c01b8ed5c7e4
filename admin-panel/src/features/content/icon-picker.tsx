import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { ICON_NAMES, iconOrFallback, type IconName } from '@shop/shared';
import { Modal } from '@/components/modal';
import { NamedIcon } from '@/components/named-icon';

interface IconPickerProps {
  label: string;
  value: string;
  onChange: (icon: IconName) => void;
  /** Info for most lists, Globe for social media. */
  fallback?: IconName;
}

/** Chooses one icon of the fixed, alphabetically sorted catalogue (about 150 names). */
export function IconPicker({ label, value, onChange, fallback = 'Info' }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const current = iconOrFallback(value, fallback);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? ICON_NAMES.filter((n) => n.toLowerCase().includes(needle)) : ICON_NAMES;

  return (
    <div className="field">
      <span className="field-label" aria-hidden="true">
        {label}
      </span>
      <button
        type="button"
        className="icon-picker-button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={`${label}: ${current}. Cambiar ícono`}
      >
        <NamedIcon name={current} size={18} />
        <span>{current}</span>
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      {open && (
        <Modal title="Elegir ícono" onClose={() => setOpen(false)} size="lg" testId="icon-picker">
          <div className="field">
            <label htmlFor={filterId}>Buscar ícono</label>
            <input
              id={filterId}
              type="search"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              placeholder="Ej.: Heart, Truck..."
              data-autofocus
            />
          </div>
          <p className="hint" aria-live="polite">
            {shown.length} íconos
          </p>
          <ul className="icon-grid">
            {shown.map((name) => (
              <li key={name}>
                <button
                  type="button"
                  className={`icon-choice${name === current ? ' selected' : ''}`}
                  aria-pressed={name === current}
                  onClick={() => {
                    onChange(name);
                    setOpen(false);
                  }}
                >
                  <NamedIcon name={name} size={22} />
                  <span>{name}</span>
                </button>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </div>
  );
}
