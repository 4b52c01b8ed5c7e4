import { describe, expect, it } from 'vitest';
import { foldSearchText, productSearchText, searchTokens, typoVariants, withinOneEdit } from './search.js';

describe('forgiving search rules', () => {
  it('folds case, accents and punctuation', () => {
    expect(foldSearchText('  Corpiño NEGRO, ¡Satén!  ')).toBe('corpino negro saten');
    expect(foldSearchText('Ágil / Lúa-Séfora')).toBe('agil lua sefora');
  });

  it('splits a query into distinct words, at most 8', () => {
    expect(searchTokens('negro encaje Corpiño negro')).toEqual(['negro', 'encaje', 'corpino']);
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(8);
    expect(searchTokens('¿?')).toEqual([]);
  });

  it.each([
    ['bombacha', 'bonbacha', true],
    ['bombacha', 'bombach', true],
    ['bombacha', 'bombachaa', true],
    ['bombacha', 'bmobacha', true],
    ['bombacha', 'bonbacja', false],
    ['bombacha', 'bombachas', true],
    ['negro', 'regno', false],
    ['negro', 'negro', true],
  ])('%s / %s within one edit: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });

  it('gives typo variants only to long words that match nothing as typed', () => {
    const words = ['bombacha', 'bombachas', 'negra', 'negro', 'body'];
    expect(typoVariants('bonbacha', words)).toEqual(['bombacha']);
    expect(typoVariants('negra', words)).toEqual([]);
    expect(typoVariants('bodi', words)).toEqual([]);
    expect(typoVariants('bombach', words)).toEqual([]);
  });

  it('builds the stored text from title, category, colours and description', () => {
    expect(productSearchText({ title: 'Corpiño Aurelia', category: 'corpinos', colors: ['Rojo'], description: 'Con aro' })).toEqual({
      title: 'corpino aurelia',
      text: 'corpino aurelia corpinos rojo con aro',
    });
  });
});
