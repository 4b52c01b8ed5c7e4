import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO, WITHOUT_TYPES } from './paths';

/**
 * The backend's import boundary (eslint.config.mjs, `import-x/no-restricted-paths` built from domains.json) is part
 * of `npm run lint`. These cases lint a real file of the orders domain with other text: a deep import into another
 * domain fails, the same name through that domain's index passes.
 */
const RULE = 'import-x/no-restricted-paths';
const ORDERS_FILE = `${REPO}/cms/src/domains/orders/order-dispatch.ts`;
const MIDDLEWARE_FILE = `${REPO}/cms/src/middlewares/input-guard.ts`;

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: REPO, ruleFilter: ({ ruleId }) => ruleId === RULE, overrideConfig: WITHOUT_TYPES });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('the backend import boundary', () => {
  it('refuses a domain reaching into another domain’s private file', async () => {
    const errors = await boundaryErrors(ORDERS_FILE, "import { secret } from '../platform/secrets';\nexport const s = secret;\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('only through its index.ts');
  });

  it('lets a domain use another through its index', async () => {
    expect(await boundaryErrors(ORDERS_FILE, "import { secret } from '../platform';\nexport const s = secret;\n")).toEqual([]);
  });

  it('lets a domain use its own files', async () => {
    expect(await boundaryErrors(ORDERS_FILE, "import { getOrder } from './order-read';\nexport const g = getOrder;\n")).toEqual([]);
  });

  it('refuses a middleware reaching into a domain’s private file or another domain’s controller', async () => {
    const deep = await boundaryErrors(
      MIDDLEWARE_FILE,
      "import { getOrder } from '../domains/orders/order-read';\nexport const g = getOrder;\n",
    );
    expect(deep).toHaveLength(1);
    const controller = await boundaryErrors(
      MIDDLEWARE_FILE,
      "import product from '../api/product/controllers/product';\nexport const p = product;\n",
    );
    expect(controller).toHaveLength(1);
  });
});
