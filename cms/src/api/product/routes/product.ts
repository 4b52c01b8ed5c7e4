import { customRoutes } from '../../../utils/routes';

export default customRoutes('api::product.product', {
  public: {
    find: ['GET', '/products'],
    count: ['GET', '/products/count'],
    bestSellers: ['GET', '/products/best-sellers'],
    findOne: ['GET', '/products/:id'],
  },
  staff: {
    exportCsv: ['GET', '/products/export.csv'],
    stockSheet: ['GET', '/products/stock.csv'],
    importStockSheet: ['POST', '/products/stock.csv'],
    create: ['POST', '/products'],
    update: ['PUT', '/products/:id'],
    delete: ['DELETE', '/products/:id'],
  },
});
