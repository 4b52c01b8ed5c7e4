import { Link } from 'react-router-dom';
import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { finalPrice, formatPrice, soldOutSizes, type Product } from '@shop/shared';
import { paths, storefrontPaths } from '@/config/paths';
import { IconButton } from '@/components/icon-button';
import { Thumb } from '@/components/thumb';

interface ProductRowProps {
  product: Product;
  categoryName: string;
  toggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One product in the products table: picture, category, price, stock, active switch and actions. */
export function ProductRow({ product, categoryName, toggling, onToggle, onEdit, onDelete }: ProductRowProps) {
  const soldOut = soldOutSizes(product);
  const statusText = product.status ? 'Activo' : 'Inactivo';
  return (
    <tr data-testid="product-row">
      <td className="cell-main">
        <div className="product-cell">
          <Thumb src={product.thumbnails[0]} />
          <span>
            <span className="product-title">{product.title}</span>
            {product.colorReview && (
              // A migrated product whose units all sit on its first colour: staff spread them in the editor.
              <Link
                to={paths.productEdit(product._id)}
                className="color-review"
                data-testid="color-review"
                aria-label={`Revisá el stock por color de ${product.title}`}
              >
                Revisá el stock por color
              </Link>
            )}
          </span>
        </div>
      </td>
      <td data-label="Categoría">{categoryName}</td>
      <td data-label="Precio" className="nowrap">
        <span className="price-cell">
          <strong>{formatPrice(finalPrice(product.price, product.discount))}</strong>
          {product.discount > 0 && (
            <span className="price-original">
              <s>{formatPrice(product.price)}</s> <span className="discount">-{product.discount}%</span>
            </span>
          )}
        </span>
      </td>
      <td data-label="Stock">
        {product.stock}
        {soldOut.length > 0 && (
          <span className="stock-out" data-testid="sizes-out">
            Agotado: {soldOut.join(', ')}
          </span>
        )}
      </td>
      <td data-label="Estado">
        {/* Named by what it shows, then the product ('Activo: Body Encaje'); pressing it switches the state. */}
        <button
          type="button"
          className={`toggle-pill ${product.status ? 'on' : 'off'}`}
          onClick={onToggle}
          disabled={toggling}
          aria-pressed={product.status}
          aria-label={`${statusText}: ${product.title}`}
          title={product.status ? 'Desactivar' : 'Activar'}
        >
          {statusText}
        </button>
      </td>
      <td data-label="Acciones">
        <div className="row-actions">
          <a
            href={storefrontPaths.product(product._id)}
            target="_blank"
            rel="noopener noreferrer"
            className="icon-button"
            aria-label={`Ver ${product.title} en la tienda (nueva pestaña)`}
            title="Ver en la tienda"
          >
            <ExternalLink size={18} aria-hidden="true" />
          </a>
          <IconButton icon={Pencil} label={`Editar ${product.title}`} title="Editar" onClick={onEdit} />
          <IconButton icon={Trash2} label={`Eliminar ${product.title}`} title="Eliminar" onClick={onDelete} danger />
        </div>
      </td>
    </tr>
  );
}
