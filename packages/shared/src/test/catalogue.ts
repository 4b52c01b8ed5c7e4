import type { Product } from '../contract/products.js';

/** A product as the API answers it, active, without sizes, stock or pictures, unless given (not part of the build). */
export const testProduct = (fields: Partial<Product> = {}): Product => ({
  _id: 'p1',
  title: 'Body',
  description: '',
  price: 100,
  discount: 0,
  category: 'bodys',
  thumbnails: [],
  stock: 0,
  size: [],
  stockBySize: {},
  status: true,
  colors: [],
  ...fields,
});
