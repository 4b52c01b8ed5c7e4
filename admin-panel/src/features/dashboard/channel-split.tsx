import { ORDER_CHANNEL_LABELS, ORDER_CHANNELS, formatPrice } from '@shop/shared';

type Split = Record<string, { orders: number; revenue: number }> | undefined;

/** The channels with sales in a split, in the shop's order (web first). */
export function channelsWithSales(split: Split) {
  return ORDER_CHANNELS.flatMap((c) => {
    const figures = split?.[c];
    return figures && (figures.orders > 0 || figures.revenue > 0) ? [{ channel: c, label: ORDER_CHANNEL_LABELS[c], ...figures }] : [];
  });
}

/** "Web: 12 órdenes · $ 340.000" per channel with sales (the sales chart's period, or the whole summary). */
export function ChannelSplit({ split, label }: { split: Split; label: string }) {
  const rows = channelsWithSales(split);
  if (rows.length === 0) return null;
  return (
    <ul className="channel-split" aria-label={label} data-testid="channel-split">
      {rows.map((r) => (
        <li key={r.channel}>
          <strong>{r.label}</strong>: {r.orders} {r.orders === 1 ? 'orden' : 'órdenes'} · {formatPrice(r.revenue)} cobrados
        </li>
      ))}
    </ul>
  );
}

/** A day's split as table text ("Web 3, WhatsApp 1"). */
export function dayChannels(split: Split): string {
  return channelsWithSales(split)
    .map((r) => `${r.label} ${r.orders}`)
    .join(', ');
}

/** The summary's paid revenue per channel with sales, as a stat card's line ("Web $ 340.000 · WhatsApp $ 25.000"). */
export function revenueSplitText(split: Split): string | undefined {
  const rows = channelsWithSales(split).filter((r) => r.revenue > 0);
  return rows.length > 0 ? rows.map((r) => `${r.label} ${formatPrice(r.revenue)}`).join(' · ') : undefined;
}
