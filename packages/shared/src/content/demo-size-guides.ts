// The demo store's size guides, one per category, as a data table (rows: the size, then its measurements). The CMS
// seeds a fresh shop with them; the size finder's unit tests run on them.
import type { SiteContent } from './site-content.js';

type SizeGuide = SiteContent['sizeGuides'][number];

/** A guide of the demo (all enabled); each row lists the size first, then its measurements in the headers' order. */
function guide(category: string, title: string, subtitle: string, tableHeaders: string[], rows: string[][], notes: string): SizeGuide {
  const tableRows = rows.map(([size = '', ...measurements]) => ({ size, measurements }));
  return { category, title, subtitle, enabled: true, tableHeaders, tableRows, notes };
}

export const DEMO_SIZE_GUIDES: SiteContent['sizeGuides'] = [
  guide(
    'corpinos',
    'Guía de talles de corpiños',
    'Medí tu contorno bajo busto y tu busto para encontrar tu talle',
    ['Talle', 'Contorno bajo busto (cm)', 'Contorno de busto (cm)', 'Copa'],
    [
      ['85', '68 - 72', '84 - 88', 'B'],
      ['90', '73 - 77', '89 - 93', 'B'],
      ['95', '78 - 82', '94 - 98', 'C'],
      ['100', '83 - 87', '99 - 103', 'C'],
      ['105', '88 - 92', '104 - 108', 'D'],
    ],
    'Medí el contorno bajo busto con la cinta ajustada y horizontal, justo debajo del pecho. Si quedás entre dos talles, elegí el mayor para los modelos con aro.',
  ),
  guide(
    'bombachas',
    'Guía de talles de bombachas',
    'Tomá tus medidas de cintura y cadera',
    ['Talle', 'Cintura (cm)', 'Cadera (cm)'],
    [
      ['S', '62 - 66', '88 - 92'],
      ['M', '67 - 71', '93 - 97'],
      ['L', '72 - 76', '98 - 102'],
      ['XL', '77 - 82', '103 - 108'],
      ['XXL', '83 - 88', '109 - 114'],
    ],
    'La cadera se mide en la parte más ancha de los glúteos, con los pies juntos.',
  ),
  guide(
    'bombis',
    'Guía de talles de bombis',
    'Culotes y bombis de tiro medio y alto',
    ['Talle', 'Cintura (cm)', 'Cadera (cm)', 'Equivale a'],
    [
      ['S', '60 - 65', '86 - 91', '1'],
      ['M', '66 - 71', '92 - 97', '2'],
      ['L', '72 - 77', '98 - 103', '3'],
      ['XL', '78 - 84', '104 - 110', '4'],
    ],
    'Los bombis de algodón con lycra tienen buena elasticidad: si dudás, elegí tu talle habitual.',
  ),
  guide(
    'bodys',
    'Guía de talles de bodys',
    'Busto, cintura y cadera',
    ['Talle', 'Busto (cm)', 'Cintura (cm)', 'Cadera (cm)'],
    [
      ['S', '84 - 88', '62 - 66', '88 - 92'],
      ['M', '89 - 93', '67 - 71', '93 - 97'],
      ['L', '94 - 98', '72 - 76', '98 - 102'],
      ['XL', '99 - 104', '77 - 82', '103 - 108'],
    ],
    'Los bodys tienen broche en la entrepierna para mayor comodidad.',
  ),
  guide(
    'pijamas',
    'Guía de talles de pijamas y camisones',
    'Calce holgado y cómodo',
    ['Talle', 'Busto (cm)', 'Cadera (cm)', 'Largo camisón (cm)'],
    [
      ['S', '84 - 90', '88 - 94', '85'],
      ['M', '91 - 97', '95 - 101', '88'],
      ['L', '98 - 104', '102 - 108', '91'],
      ['XL', '105 - 112', '109 - 116', '94'],
      ['XXL', '113 - 120', '117 - 124', '97'],
    ],
    'Prendas de algodón peinado: lavar con agua fría para conservar el talle.',
  ),
];
