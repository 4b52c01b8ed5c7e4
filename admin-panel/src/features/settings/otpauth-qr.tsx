import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The QR code of an otpauth:// address as an SVG data URL (the admin's CSP allows `img-src data:`). */
export async function otpauthQrDataUrl(otpauthUrl: string): Promise<string> {
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The key as a QR code for the authenticator app to scan; nothing while it is drawn or if it cannot be. */
export function OtpauthQr({ otpauthUrl }: { otpauthUrl: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    otpauthQrDataUrl(otpauthUrl).then(
      (url) => current && setSrc(url),
      () => current && setSrc(null),
    );
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  if (!src) return null;
  return (
    <img
      className="otpauth-qr"
      src={src}
      width={176}
      height={176}
      alt="Código QR de la clave: escanealo con la app de autenticación"
      data-testid="two-factor-qr"
    />
  );
}
