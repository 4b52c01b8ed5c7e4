import type { KeyboardEvent, ReactNode } from 'react';

interface TabListProps<T extends string> {
  /** The list's name for screen readers: 'Estado de las opiniones'. */
  label: string;
  /** The start of each tab's id: `<idPrefix>-<id>`. */
  idPrefix: string;
  tabs: readonly { id: T; label: ReactNode }[];
  current: T;
  onChoose: (id: T) => void;
  /** The id of the panel a tab shows. */
  panelId: (id: T) => string;
}

/**
 * A row of tabs with the keyboard of the ARIA tabs pattern: only the current tab is in the tab order, and the arrows
 * choose the next or the previous one (round the ends) and move the focus to it.
 */
export function TabList<T extends string>({ label, idPrefix, tabs, current, onChoose, panelId }: TabListProps<T>) {
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const next = step === 0 ? undefined : tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    event.preventDefault();
    onChoose(next.id);
    document.getElementById(`${idPrefix}-${next.id}`)?.focus();
  }
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab.id}
          id={`${idPrefix}-${tab.id}`}
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab.id === current}
          aria-controls={panelId(tab.id)}
          tabIndex={tab.id === current ? 0 : -1}
          onClick={() => onChoose(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
