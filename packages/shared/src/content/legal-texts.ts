/**
 * The suggested texts of "Términos y condiciones" and "Política de privacidad" for a small boutique that sells online
 * from Neuquén (Ley 24.240 de Defensa del Consumidor, Código Civil y Comercial arts. 1105–1116, Ley 25.326 de
 * Protección de los Datos Personales and Disp. DNPDP 10/2008). The owner edits them in Contenido › Legales; her
 * accountant or lawyer should read them once. Written for this shop, in its Spanish. Placeholders filled when shown:
 * {tienda} (the shop's name), {ciudad} (its city), {email} (its contact e-mail, or "el formulario de contacto").
 * A line starting with "## " is a heading; a blank line separates paragraphs.
 */

export const DEFAULT_TERMS_TEXT = `## Quiénes somos
{tienda} es una tienda de lencería de {ciudad}, Argentina. Estas condiciones rigen las compras hechas en esta tienda online. Al confirmar un pedido aceptás estas condiciones; si algo no está claro, escribinos a {email} antes de comprar.

## Precios y stock
Los precios están en pesos argentinos, con los impuestos incluidos. Debajo de cada precio mostramos el precio sin impuestos nacionales, como pide la Ley 27.743. El precio que vale es el que figura al confirmar el pedido. Si un producto se agota mientras comprás, te lo avisamos antes de confirmar y no se cobra.

## Formas de pago
Aceptamos los medios que figuran en el checkout (transferencia, efectivo al retirar o Mercado Pago, según los que estén activos). Las cuotas se informan con su costo financiero total efectivo anual (CFTEA). Un pedido por transferencia queda reservado el tiempo que indica el checkout; si no llega el comprobante, se cancela y el stock vuelve a estar disponible.

## Envíos y retiros
Entregamos en {ciudad} con nuestro propio envío o en los puntos de encuentro, y al resto del país por correo. El costo y el plazo estimado se muestran antes de confirmar. Podés seguir tu pedido en «Seguí tu pedido» con su número y tu e-mail o teléfono.

## Cambios y devoluciones
Podés cambiar un producto según nuestra «Política de cambios y devoluciones». Por higiene, la ropa interior sólo se cambia sin uso, con su protección y etiquetas.

## Botón de arrepentimiento
Tenés 10 días corridos desde que recibís el pedido (o desde la compra, si es posterior) para revocar la compra sin dar explicaciones y sin costo (Ley 24.240, art. 34, y Código Civil y Comercial, art. 1110). Lo pedís desde el «Botón de arrepentimiento», al pie y arriba de cada página, sin registrarte: te damos un código al instante y te devolvemos todo lo pagado, envío incluido, por el mismo medio de pago.

## Garantía
Los productos tienen la garantía legal de la Ley 24.240. Si algo llegó fallado, escribinos y lo resolvemos.

## Reclamos
Podés escribirnos a {email}. También podés hacer un reclamo ante Defensa del Consumidor desde el enlace «Defensa de las y los Consumidores. Para reclamos ingrese aquí» al pie de cada página.

## Ley aplicable
Estas condiciones se rigen por las leyes de la República Argentina. Para cualquier diferencia son competentes los tribunales del domicilio de la persona consumidora.`;

export const DEFAULT_PRIVACY_TEXT = `## Quién cuida tus datos
{tienda}, de {ciudad}, Argentina, es responsable de los datos personales que nos das en esta tienda. Podés escribirnos a {email}.

## Qué datos pedimos y para qué
- Al comprar: nombre, e-mail, teléfono, y la dirección o el punto de entrega; el DNI o CUIT sólo si lo pide la factura o el envío. Los usamos para preparar, cobrar, facturar y entregar tu pedido, y para avisarte cómo va.
- Al escribirnos por el formulario de contacto: tu nombre, tu e-mail o teléfono y tu mensaje, para responderte.
- En «Avisame»: tu e-mail, para avisarte una sola vez cuando vuelva el talle que esperás.
- Al pedir un cambio, una devolución o el arrepentimiento: el número de pedido y tu e-mail o teléfono, para identificar la compra.
- Si empezás una compra y no la terminás, podemos enviarte un recordatorio por e-mail; cada uno trae un enlace para no recibir más.
No guardamos los datos de tu tarjeta: los pagos con tarjeta los procesa Mercado Pago.

## Con quién los compartimos
Sólo con quien hace falta para tu pedido: el correo que lo lleva (tu nombre, dirección y teléfono), Mercado Pago si pagás por ese medio, y ARCA para la factura electrónica. No vendemos ni cedemos tus datos.

## Cuánto tiempo los guardamos
Los datos de los pedidos y facturas, el tiempo que exigen las normas comerciales e impositivas (hasta 10 años). Los avisos de stock, hasta que se envían o te das de baja. Los mensajes de contacto y las compras sin terminar, hasta un año.

## Tus derechos
Podés pedirnos acceso a tus datos, corregirlos, actualizarlos o suprimirlos cuando quieras, escribiendo a {email} (Ley 25.326, arts. 14 a 16). Te respondemos el acceso dentro de los 10 días corridos y la corrección o supresión dentro de los 5 días hábiles. El acceso es gratuito a intervalos no menores de seis meses, salvo que acredites un interés legítimo para pedirlo antes (art. 14, inc. 3).

## Órgano de control
La Agencia de Acceso a la Información Pública (AAIP), como órgano de control de la Ley 25.326, atiende las denuncias y reclamos de quienes vean afectados sus derechos por el incumplimiento de las normas de protección de datos personales.`;

/** The shop's facts a legal text names. */
export interface LegalTextFacts {
  shopName: string;
  city: string;
  email: string;
}

/** A legal text with its placeholders filled; an empty text is the suggested one. */
export function fillLegalText(text: string, fallback: string, facts: LegalTextFacts): string {
  const body = text.trim() === '' ? fallback : text;
  return body
    .replaceAll('{tienda}', facts.shopName)
    .replaceAll('{ciudad}', facts.city)
    .replaceAll('{email}', facts.email.trim() || 'el formulario de contacto');
}

/** A legal text as blocks to render: headings, paragraphs and lists (lines starting with "- "). */
export type LegalBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export function legalBlocks(text: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  for (const line of text.split(/\r?\n/).map((l) => l.trim())) {
    if (line === '') continue;
    const last = blocks[blocks.length - 1];
    if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    else if (line.startsWith('- ')) {
      if (last?.kind === 'list') last.items.push(line.slice(2).trim());
      else blocks.push({ kind: 'list', items: [line.slice(2).trim()] });
    } else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}
