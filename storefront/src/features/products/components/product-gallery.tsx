import { useState, type MouseEvent } from 'react';
import { ProductPicture } from '@/components/product-picture';
import { PLACEHOLDER_IMAGE } from '@/lib/placeholder-image';
import { GALLERY_PICTURE_SIZES } from '../product-display';

/** Main picture (the page's first, fetched with high priority) with hover zoom and a row of thumbnails. */
export function ProductGallery({ images, title }: { images: readonly string[]; title: string }) {
  const list = images.filter((src) => src.trim() !== '');
  const pictures = list.length > 0 ? list : [PLACEHOLDER_IMAGE];
  const [active, setActive] = useState(0);
  const [origin, setOrigin] = useState<string | null>(null);
  const current = pictures[Math.min(active, pictures.length - 1)] ?? PLACEHOLDER_IMAGE;

  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * 100;
    const y = ((event.clientY - rect.top) / rect.height) * 100;
    setOrigin(`${x}% ${y}%`);
  };

  return (
    <div className="gallery" data-testid="product-gallery">
      <div className={`gallery__main ${origin ? 'gallery__main--zoom' : ''}`} onMouseMove={onMove} onMouseLeave={() => setOrigin(null)}>
        <ProductPicture
          src={current}
          alt={pictures.length > 1 ? `${title} (imagen ${active + 1} de ${pictures.length})` : title}
          sizes={GALLERY_PICTURE_SIZES}
          priority
          style={origin ? { transformOrigin: origin } : undefined}
        />
      </div>
      {pictures.length > 1 && (
        <ul className="gallery__thumbs" aria-label="Imágenes del producto">
          {pictures.map((src, index) => (
            <li key={`${src}-${index}`}>
              <button
                type="button"
                className={`gallery__thumb ${index === active ? 'gallery__thumb--active' : ''}`}
                aria-label={`Ver imagen ${index + 1}`}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => setActive(index)}
              >
                <ProductPicture src={src} alt="" sizes="72px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
