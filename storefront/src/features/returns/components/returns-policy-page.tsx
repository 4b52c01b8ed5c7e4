import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { RefreshCw } from 'lucide-react';
import { NarrowPage } from '@/components/narrow-page';
import { paths } from '@/config/paths';
import { useSiteContent } from '@/features/content';

/** /cambios-y-devoluciones: the owner's policy (site content `returns`) and how to ask from the tracking page. */
export default function ReturnsPolicyPage() {
  const { content } = useSiteContent();
  const policy = content.returns;
  useEffect(() => {
    document.title = 'Cambios y devoluciones';
  }, []);
  return (
    <NarrowPage icon={RefreshCw} title="Cambios y devoluciones" testId="returns-policy-page" cardClass="returns-policy">
      {policy.enabled ? (
        <>
          <ul className="returns-policy__facts">
            <li>
              Tenés <strong>{policy.windowDays} días</strong> desde que recibís tu pedido para pedir un cambio
              {policy.exchangeOnly ? '.' : ' o una devolución.'}
            </li>
            <li>
              {policy.exchangeOnly
                ? 'Solo hacemos cambios por otro talle o color del mismo producto.'
                : 'Podés cambiar por otro talle o color del mismo producto, o devolverlo.'}
            </li>
            <li>
              {policy.shippingPaidBy === 'shop'
                ? 'El envío del cambio corre por nuestra cuenta.'
                : 'El envío del cambio corre por tu cuenta.'}
            </li>
            {policy.nonReturnableCategories.length > 0 && (
              <li>No tienen cambio ni devolución: {policy.nonReturnableCategories.join(', ')}.</li>
            )}
          </ul>
          {policy.conditionsText.trim() !== '' && <p className="returns-policy__conditions">{policy.conditionsText}</p>}
          <h2 className="returns-policy__how">¿Cómo lo pido?</h2>
          <p>
            Entrá a <Link to={paths.tracking}>Seguí tu pedido</Link> con el número de pedido y el e-mail o teléfono de la compra: cuando el
            pedido está entregado, vas a ver el formulario para pedir el cambio.
          </p>
        </>
      ) : (
        <p>Por ahora los cambios se coordinan por WhatsApp: escribinos y te ayudamos.</p>
      )}
      <Link className="btn btn--primary" to={paths.home}>
        Volver a la tienda
      </Link>
    </NarrowPage>
  );
}
