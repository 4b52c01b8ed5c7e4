/** Title and optional subtitle of a home-page section; `headingId` names the section. */
export function SectionHeader({ headingId, title, subtitle }: { headingId: string; title: string; subtitle?: string }) {
  return (
    <header className="section__header">
      <h2 id={headingId} className="section__title">
        {title}
      </h2>
      {subtitle && <p className="section__subtitle">{subtitle}</p>}
    </header>
  );
}
