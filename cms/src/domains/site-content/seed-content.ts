import { DEFAULT_HERO_IMAGE, DEFAULT_WHATSAPP_TEMPLATES, WHY_CHOOSE_KEY, siteContentSchema, type SiteContent } from '@shop/shared';

/** Demo categories: `name` is the key products carry, `display_name` what shoppers read. */
export const SEED_CATEGORIES = [
  { name: 'conjuntos', display_name: 'Conjuntos' },
  { name: 'corpinos', display_name: 'Corpiños' },
  { name: 'bombachas', display_name: 'Bombachas' },
  { name: 'bombis', display_name: 'Bombis' },
  { name: 'bodys', display_name: 'Bodys' },
  { name: 'pijamas', display_name: 'Pijamas y Camisones' },
];

const sizeGuides: SiteContent['sizeGuides'] = [
  {
    category: 'corpinos',
    title: 'Guía de talles de corpiños',
    subtitle: 'Medí tu contorno bajo busto y tu busto para encontrar tu talle',
    enabled: true,
    tableHeaders: ['Talle', 'Contorno bajo busto (cm)', 'Contorno de busto (cm)', 'Copa'],
    tableRows: [
      { size: '85', measurements: ['68 - 72', '84 - 88', 'B'] },
      { size: '90', measurements: ['73 - 77', '89 - 93', 'B'] },
      { size: '95', measurements: ['78 - 82', '94 - 98', 'C'] },
      { size: '100', measurements: ['83 - 87', '99 - 103', 'C'] },
      { size: '105', measurements: ['88 - 92', '104 - 108', 'D'] },
    ],
    notes:
      'Medí el contorno bajo busto con la cinta ajustada y horizontal, justo debajo del pecho. Si quedás entre dos talles, elegí el mayor para los modelos con aro.',
  },
  {
    category: 'bombachas',
    title: 'Guía de talles de bombachas',
    subtitle: 'Tomá tus medidas de cintura y cadera',
    enabled: true,
    tableHeaders: ['Talle', 'Cintura (cm)', 'Cadera (cm)'],
    tableRows: [
      { size: 'S', measurements: ['62 - 66', '88 - 92'] },
      { size: 'M', measurements: ['67 - 71', '93 - 97'] },
      { size: 'L', measurements: ['72 - 76', '98 - 102'] },
      { size: 'XL', measurements: ['77 - 82', '103 - 108'] },
      { size: 'XXL', measurements: ['83 - 88', '109 - 114'] },
    ],
    notes: 'La cadera se mide en la parte más ancha de los glúteos, con los pies juntos.',
  },
  {
    category: 'bombis',
    title: 'Guía de talles de bombis',
    subtitle: 'Culotes y bombis de tiro medio y alto',
    enabled: true,
    tableHeaders: ['Talle', 'Cintura (cm)', 'Cadera (cm)', 'Equivale a'],
    tableRows: [
      { size: 'S', measurements: ['60 - 65', '86 - 91', '1'] },
      { size: 'M', measurements: ['66 - 71', '92 - 97', '2'] },
      { size: 'L', measurements: ['72 - 77', '98 - 103', '3'] },
      { size: 'XL', measurements: ['78 - 84', '104 - 110', '4'] },
    ],
    notes: 'Los bombis de algodón con lycra tienen buena elasticidad: si dudás, elegí tu talle habitual.',
  },
  {
    category: 'bodys',
    title: 'Guía de talles de bodys',
    subtitle: 'Busto, cintura y cadera',
    enabled: true,
    tableHeaders: ['Talle', 'Busto (cm)', 'Cintura (cm)', 'Cadera (cm)'],
    tableRows: [
      { size: 'S', measurements: ['84 - 88', '62 - 66', '88 - 92'] },
      { size: 'M', measurements: ['89 - 93', '67 - 71', '93 - 97'] },
      { size: 'L', measurements: ['94 - 98', '72 - 76', '98 - 102'] },
      { size: 'XL', measurements: ['99 - 104', '77 - 82', '103 - 108'] },
    ],
    notes: 'Los bodys tienen broche en la entrepierna para mayor comodidad.',
  },
  {
    category: 'pijamas',
    title: 'Guía de talles de pijamas y camisones',
    subtitle: 'Calce holgado y cómodo',
    enabled: true,
    tableHeaders: ['Talle', 'Busto (cm)', 'Cadera (cm)', 'Largo camisón (cm)'],
    tableRows: [
      { size: 'S', measurements: ['84 - 90', '88 - 94', '85'] },
      { size: 'M', measurements: ['91 - 97', '95 - 101', '88'] },
      { size: 'L', measurements: ['98 - 104', '102 - 108', '91'] },
      { size: 'XL', measurements: ['105 - 112', '109 - 116', '94'] },
      { size: 'XXL', measurements: ['113 - 120', '117 - 124', '97'] },
    ],
    notes: 'Prendas de algodón peinado: lavar con agua fría para conservar el talle.',
  },
];

/** The complete Spanish content of the demo store (every field of the site content, docs/api.md). */
export function seedSiteContent(): SiteContent {
  return siteContentSchema.parse({
    hero: {
      slogan: 'Lencería que te abraza',
      mainDescription:
        'Conjuntos, corpiños, bombachas y pijamas elegidos con amor en Neuquén. Calces reales, telas suaves y talles para cada cuerpo.',
      buttonText: 'Ver Productos',
      buttonLink: 'products',
      heroImage: {
        url: DEFAULT_HERO_IMAGE,
        alt: 'Lencería de encaje en tonos rosa y nude sobre fondo claro',
        filename: 'hero-default.webp',
      },
    },
    productCatalog: {
      mainTitle: 'Nuestros Productos',
      subtitle: 'Encontrá tu próximo conjunto favorito: nuevos ingresos todas las semanas',
      categories: SEED_CATEGORIES,
    },
    [WHY_CHOOSE_KEY]: {
      mainTitle: '¿Por qué elegir Jazmín?',
      description: 'Somos una tienda neuquina de lencería: te asesoramos como en el local, pero desde tu casa.',
      values: [
        {
          icon: 'Heart',
          title: 'Calce pensado para vos',
          description: 'Modelos probados en cuerpos reales y talles del 85 al 105 y de S a XXL.',
        },
        {
          icon: 'Sparkles',
          title: 'Telas suaves y de calidad',
          description: 'Encajes, microfibras y algodones que cuidan tu piel todo el día.',
        },
        {
          icon: 'Truck',
          title: 'Envíos en Neuquén',
          description: 'Entregamos en Neuquén capital, Plottier y Centenario en 24 a 72 horas.',
        },
        {
          icon: 'MessageCircle',
          title: 'Asesoramiento personalizado',
          description: 'Escribinos por WhatsApp y te ayudamos a elegir el talle justo.',
        },
      ],
    },
    contact: {
      mainTitle: 'Contáctanos',
      subtitle: 'Estamos para ayudarte',
      description: '¿Dudas con tu talle, un cambio o un pedido? Escribinos y te respondemos a la brevedad.',
      contactInfo: [
        { icon: 'Phone', title: 'Teléfono', details: ['+54 9 299 555-1234'], description: 'También por WhatsApp' },
        { icon: 'Mail', title: 'Email', details: ['hola@jazminlenceria.com.ar'], description: 'Respondemos en menos de 24 horas hábiles' },
        {
          icon: 'MapPin',
          title: 'Dirección',
          details: ['Av. Argentina 250', 'Neuquén capital (8300)'],
          description: 'Punto de encuentro para retiros',
        },
        { icon: 'Clock', title: 'Horarios', details: ['Lunes a viernes de 9 a 13 y de 17 a 21', 'Sábados de 10 a 14'] },
      ],
      socialMedia: [
        { icon: 'Instagram', name: 'Instagram', handle: '@jazminlenceria.nqn', link: 'https://www.instagram.com/jazminlenceria.nqn' },
        { icon: 'Facebook', name: 'Facebook', handle: 'Jazmín Lencería Neuquén', link: 'https://www.facebook.com/jazminlenceria.nqn' },
      ],
      formTitle: 'Envianos un mensaje',
      formDescription: 'Completá el formulario y te contactamos por email o WhatsApp.',
      responseMessage: '¡Gracias por escribirnos! Te responderemos muy pronto.',
      responseDisclaimer: 'Respondemos de lunes a sábados. Tus datos solo se usan para contestar tu consulta.',
    },
    productDetail: {
      infoCards: [
        { icon: 'Truck', title: 'Envío gratis', description: 'En compras desde $30.000 dentro de Neuquén capital.', enabled: true },
        {
          icon: 'RefreshCw',
          title: '30 días para cambios',
          description: 'Cambiá talle o modelo con la prenda sin uso y con etiqueta.',
          enabled: true,
        },
        { icon: 'ShieldCheck', title: 'Garantía', description: 'Si una prenda tiene una falla, te la reponemos sin costo.', enabled: true },
      ],
      expandableSections: [
        {
          id: 'cuidados',
          title: 'Cuidados de la prenda',
          content: 'Lavar a mano con agua fría y jabón neutro. No usar lavandina ni secadora. Secar a la sombra y no planchar el encaje.',
          enabled: true,
        },
        {
          id: 'envios',
          title: 'Envíos y retiros',
          content: 'Retirá sin cargo en nuestro punto de encuentro o recibí tu pedido en tu casa en Neuquén, Plottier o Centenario.',
          enabled: true,
        },
        {
          id: 'cambios',
          title: 'Cambios y devoluciones',
          content: 'Tenés 30 días para cambios. Por higiene, las bombachas y bombis solo se cambian con el protector adhesivo intacto.',
          enabled: true,
        },
      ],
      showSizeGuideButton: true,
      sizeGuideButtonText: 'Guía de tallas',
    },
    sizeGuides,
    checkout: {
      deliveryInfo: {
        title: 'Forma de entrega',
        meetingPoint: {
          enabled: true,
          title: 'Retiro en punto de encuentro',
          description: 'Coordinamos la entrega en el centro de Neuquén capital, sin costo.',
          address: 'Av. Argentina 250, Neuquén capital',
          schedule: 'Lunes a viernes de 17 a 20 · Sábados de 10 a 13',
          notes: 'Te escribimos por WhatsApp para confirmar el día y la hora.',
        },
        meetingPoints: [
          {
            id: 'centro',
            title: 'Centro (Av. Argentina)',
            address: 'Av. Argentina 250, Neuquén capital',
            schedule: 'Lunes a viernes de 17 a 20 · Sábados de 10 a 13',
            notes: 'Te escribimos por WhatsApp para confirmar el día y la hora.',
            enabled: true,
          },
          {
            id: 'alto-comahue',
            title: 'Shopping Alto Comahue',
            address: 'Antártida Argentina 1111, Neuquén capital (patio de comidas)',
            schedule: 'Sábados de 16 a 19',
            notes: 'Coordinamos por WhatsApp el horario exacto.',
            enabled: true,
          },
        ],
      },
      shipping: {
        enabled: true,
        title: 'Envío a domicilio',
        homeDelivery: {
          enabled: true,
          title: 'Envío a domicilio',
          description: 'Recibí tu pedido en tu casa, embalado con discreción.',
          coverage: 'Neuquén capital, Plottier, Centenario y Cipolletti',
          estimatedDays: '24 a 72 horas hábiles',
          freeShippingThreshold: 30000,
          baseCost: 2500,
          notes: 'El envío es gratis en compras desde $30.000.',
          // Demo zones around Neuquén: 8300 (the capital) belongs to the centre; barrios of the capital farther out
          // are priced by name, towns around by their own postal codes.
          zones: [
            {
              id: 'neuquen-centro',
              name: 'Neuquén centro',
              barrios: [
                'Centro',
                'Área Centro Este',
                'Área Centro Oeste',
                'Área Centro Sur',
                'Santa Genoveva',
                'Villa Farrell',
                'Bouquet Roldán',
                'Sapere',
              ],
              postalCodes: ['8300'],
              cost: 2500,
              freeShippingThreshold: 30000,
              estimatedDays: '24 a 48 horas hábiles',
              enabled: true,
            },
            {
              id: 'neuquen-oeste',
              name: 'Neuquén oeste',
              barrios: [
                'Gran Neuquén Norte',
                'Gran Neuquén Sur',
                'Valentina Norte',
                'Valentina Sur',
                'San Lorenzo Norte',
                'San Lorenzo Sur',
                'Cuenca XV',
                'Villa Ceferino',
                'Melipal',
                'Islas Malvinas',
                'Don Bosco III',
              ],
              postalCodes: [],
              cost: 3500,
              freeShippingThreshold: 40000,
              estimatedDays: '48 a 72 horas hábiles',
              enabled: true,
            },
            {
              id: 'plottier',
              name: 'Plottier',
              barrios: ['Plottier'],
              postalCodes: ['8316'],
              cost: 4500,
              freeShippingThreshold: 50000,
              estimatedDays: '48 a 72 horas hábiles',
              enabled: true,
            },
            {
              id: 'centenario',
              name: 'Centenario',
              barrios: ['Centenario'],
              postalCodes: ['8309'],
              cost: 4500,
              freeShippingThreshold: 50000,
              estimatedDays: '48 a 72 horas hábiles',
              enabled: true,
            },
            {
              id: 'cipolletti',
              name: 'Cipolletti',
              barrios: ['Cipolletti'],
              postalCodes: ['8324'],
              cost: 5000,
              freeShippingThreshold: 60000,
              estimatedDays: '72 horas hábiles',
              enabled: true,
            },
          ],
        },
      },
      paymentInfo: {
        title: 'Forma de pago',
        cashOnDelivery: {
          enabled: true,
          title: 'Pago en Efectivo',
          description: 'Pagás al recibir o al retirar tu pedido.',
          additionalFee: 0,
          notes: 'Tené el importe justo si podés.',
        },
        bankTransfer: {
          enabled: true,
          title: 'Transferencia Bancaria',
          bankName: 'Banco Provincia del Neuquén',
          cbu: '0970012345678901234567',
          alias: 'JAZMIN.LENCERIA.NQN',
          accountHolder: 'Jazmín Lencería',
          accountType: 'Cuenta corriente en pesos',
          accountNumber: '123-456789/0',
          instructions: 'Transferí el total y subí el comprobante al confirmar la compra (o envialo por WhatsApp con tu número de pedido).',
        },
      },
    },
    // The messages staff send from an order on WhatsApp, one per situation (the shared defaults).
    whatsapp: { ...DEFAULT_WHATSAPP_TEMPLATES },
  });
}
