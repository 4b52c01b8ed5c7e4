import type { Knex } from 'knex';
import { ensureCatalogueVersionTable } from '../../src/domains/catalogue';

/**
 * The one-row table holding the catalogue's version (see src/domains/catalogue/catalogue-version.ts): every app process reads it
 * at most once per second to learn that another process changed products or content. Idempotent; the start-up
 * (src/index.ts) runs the same step again after Strapi's schema sync.
 */
export async function up(knex: Knex, db?: { getSchemaName(): string | undefined }): Promise<void> {
  await ensureCatalogueVersionTable(knex, db?.getSchemaName());
}
