import { catalogueChanged } from '../../../../utils/catalogue-version';

/** Content saved anywhere (the shop's API or Strapi's panel) makes the cached answers and page heads stale. */
export default {
  afterCreate: () => catalogueChanged(),
  afterUpdate: () => catalogueChanged(),
};
