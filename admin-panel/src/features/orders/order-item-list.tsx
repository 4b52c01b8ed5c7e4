import type { ReactNode } from 'react';
import { formatPrice, type Order } from '@shop/shared';
import { Thumb } from '@/components/thumb';

type OrderItem = Order['items'][number];

interface OrderItemListProps {
  items: readonly OrderItem[];
  thumbSize?: number;
  /** The line(s) under the title: size, colour, quantity. */
  details: (item: OrderItem) => ReactNode;
}

/** The products of an order with their picture and line total. */
export function OrderItemList({ items, thumbSize, details }: OrderItemListProps) {
  return (
    <ul className="item-list">
      {items.map((item, i) => (
        <li key={`${item.productId ?? item.title}-${i}`} className="item-row">
          <Thumb src={item.image} size={thumbSize} />
          <div className="item-info">
            <strong>{item.title}</strong>
            {details(item)}
          </div>
          <span className="item-total">{formatPrice(item.price * item.quantity)}</span>
        </li>
      ))}
    </ul>
  );
}
