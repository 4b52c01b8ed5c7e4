import {
  DEFAULT_HERO_IMAGE,
  DEFAULT_WHATSAPP_TEMPLATES,
  DEMO_SIZE_GUIDES,
  WHY_CHOOSE_KEY,
  siteContentSchema,
  type SiteContent,
} from '@shop/shared';
import { SEED_CHECKOUT } from './seed-checkout';

/** Demo categories: `name` is the key products carry, `display_name` what shoppers read. */
export const SEED_CATEGORIES = [
  { name: 'conjuntos', display_name: 'Conjuntos' },
  { name: 'corpinos', display_name: 'Corpiños' },
  { name: 'bombachas', display_name: 'Bombachas' },
  { name: 'bombis', display_name: 'Bombis' },
  { name: 'bodys', display_name: 'Bodys' },
  { name: 'pijamas', display_name: 'Pijamas y Camisones' },
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
    sizeGuides: DEMO_SIZE_GUIDES,
    checkout: SEED_CHECKOUT,
    // The messages staff send from an order on WhatsApp, one per situation (the shared defaults).
    whatsapp: { ...DEFAULT_WHATSAPP_TEMPLATES },
  });
}
