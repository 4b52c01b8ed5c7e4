import { Link } from 'react-router-dom';

interface BreadcrumbProps {
  /** The pages above this one, from the home page down. */
  trail: readonly { label: string; to: string }[];
  /** This page's name. */
  current: string;
}

export function Breadcrumb({ trail, current }: BreadcrumbProps) {
  return (
    <nav className="breadcrumb" aria-label="Ruta de navegación">
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.to}>
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
