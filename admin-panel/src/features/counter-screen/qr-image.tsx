import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code drawn as an SVG data URL (the admin's CSP allows `img-src data:`); nothing while it is drawn. */
export function QrImage({ data, alt, size = 200, testId }: { data: string; alt: string; size?: number; testId?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(data, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then(
      (svg) => current && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [data]);
  if (!src) return null;
  return <img className="screen-qr" src={src} width={size} height={size} alt={alt} data-testid={testId} />;
}
