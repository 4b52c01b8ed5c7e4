import { formatPrice, type SalesReportAnswer } from '@shop/shared';

/**
 * Sales over time as columns (the net of each day or month): a picture of the table below it, hidden from screen
 * readers (they read the table). A day or month that gave back more than it sold shows no column.
 */
export function SalesChart({ report }: { report: SalesReportAnswer }) {
  const top = Math.max(...report.rows.map((row) => row.net), 1);
  const best = report.rows.reduce((a, b) => (b.net > a.net ? b : a), report.rows[0]!);
  const first = report.rows[0]!;
  const last = report.rows[report.rows.length - 1]!;
  return (
    <figure className="sales-chart" aria-hidden="true" data-testid="sales-chart">
      <div className="sales-chart-columns">
        {report.rows.map((row) => (
          <span key={row.key} className="sales-chart-column" title={`${row.label}: ${formatPrice(row.net)}`}>
            <span className="sales-chart-fill" style={{ height: `${(Math.max(0, row.net) / top) * 100}%` }} />
          </span>
        ))}
      </div>
      <figcaption className="sales-chart-axis">
        <span>{first.label}</span>
        <span>
          Mejor: {best.label} · {formatPrice(best.net)}
        </span>
        <span>{last.label}</span>
      </figcaption>
    </figure>
  );
}
