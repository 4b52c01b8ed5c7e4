// Starts the compiled CMS of another checkout (SHOP_APP_DIR: its cms folder, with dist/ built), as serve.mjs starts
// this one: the checkout bench's comparison mode (BENCH_AGAINST) runs an older commit's shop with it.
import { createRequire } from 'node:module';
import path from 'node:path';

const appDir = path.resolve(process.env.SHOP_APP_DIR ?? '');
process.chdir(appDir);
const require = createRequire(path.join(appDir, 'package.json'));
try {
  await require('@strapi/strapi')
    .createStrapi({ appDir, distDir: path.join(appDir, 'dist') })
    .start();
} catch (error) {
  console.error(error);
  process.exit(1);
}
