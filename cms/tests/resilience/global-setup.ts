import { compileCms } from '../helpers/strapi-process';

/** The processes under test run the compiled CMS: compile it once (skipped right after the API tests did). */
export default function setup() {
  if (process.env.SKIP_CMS_COMPILE !== '1') compileCms();
}
