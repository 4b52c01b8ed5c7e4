import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPrice, type DailySales } from '@shop/shared';

/** `2026-11-22` -> `22/11`. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

const compactPesos = (value: number) =>
  value >= 1_000_000
    ? `$${(value / 1_000_000).toLocaleString('es-AR', { maximumFractionDigits: 1 })} M`
    : value >= 1000
      ? `$${Math.round(value / 1000)} mil`
      : `$${value}`;

const NET_LABEL = 'Ventas netas (cobrado menos devoluciones)';

/**
 * The chart of orders (bars, left axis) and net sales (line, right axis: paid revenue minus returns) per day. Its own module, loaded with
 * import() by the dashboard only: the chart library never reaches the other screens' chunks.
 *
 * A picture only: the card hides it from screen readers, which read the same figures in its table. So it has nothing
 * to focus either (Recharts' keyboard layer would make the chart a tab stop inside aria-hidden content).
 */
export default function SalesChart({ days }: { days: readonly DailySales[] }) {
  // Net sales: paid revenue minus what returns gave back that day (older servers send no returns: the revenue).
  const data = days.map((d) => ({ ...d, net: d.netRevenue ?? d.revenue }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--c-border)" vertical={false} />
        <XAxis dataKey="day" tickFormatter={shortDay} minTickGap={16} tick={{ fontSize: 12 }} />
        <YAxis yAxisId="orders" allowDecimals={false} width={32} tick={{ fontSize: 12 }} />
        <YAxis yAxisId="revenue" orientation="right" tickFormatter={compactPesos} width={64} tick={{ fontSize: 12 }} />
        <Tooltip
          labelFormatter={(day) => shortDay(String(day))}
          formatter={(value, name) => (name === NET_LABEL ? formatPrice(Number(value)) : String(value))}
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Bar yAxisId="orders" dataKey="orders" name="Órdenes" fill="var(--rose-300)" radius={[3, 3, 0, 0]} />
        <Line yAxisId="revenue" dataKey="net" name={NET_LABEL} stroke="var(--c-success)" strokeWidth={2} dot={false} type="monotone" />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
