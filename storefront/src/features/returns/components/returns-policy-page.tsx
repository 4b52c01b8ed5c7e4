import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { RefreshCw } from 'lucide-react';
import { NarrowPage } from '@/components/narrow-page';
import { paths } from '@/config/paths';
import { useSiteContent } from '@/features/content';
import { WITHDRAWAL_DAYS } from '@shop/shared';

/**
 * /cambios-y-devoluciones, "Política de cambios y devoluciones": the right to withdraw that the law gives every
 * purchase at a distance (whatever the owner's policy), then the owner's policy (site content `returns`) and how to ask
 * from the tracking page.
 */
export default function ReturnsPolicyPage() {
  const { content } = useSiteContent();
  const policy = content.returns;
  useEffect(() => {
    document.title = 'Política de cambios y devoluciones';
  }, []);
  return (
    <NarrowPage icon={RefreshCw} title="Política de cambios y devoluciones" testId="returns-policy-page" cardClass="returns-policy">
      <h2 className="returns-policy__how">Arrepentimiento de compra</h2>
      <p data-testid="withdrawal-right">
        Por ser una compra a distancia, tenés derecho a arrepentirte dentro de los {WITHDRAWAL_DAYS} días corridos desde que recibís el
        pedido (o desde la compra, si es posterior), sin costo y sin dar explicaciones (Ley 24.240, art. 34). Te reintegramos todo lo que
        pagaste, el envío incluido, por el mismo medio de pago, y el retiro de las prendas corre por nuestra cuenta. Pedilo con el{' '}
        <Link to={paths.withdrawal}>Botón de arrepentimiento</Link>: recibís un código al instante y también por e-mail.
      </p>
      <h2 className="returns-policy__how">Cambios y devoluciones de la tienda</h2>
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
