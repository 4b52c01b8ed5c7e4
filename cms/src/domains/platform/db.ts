import type { Core } from '@strapi/strapi';

/** The real table and column names of a content type's attribute (Strapi snake_cases them). */
export function tableColumn(strapi: Core.Strapi, uid: string, attribute: string): { table: string; column: string } {
  const meta = strapi.db.metadata.get(uid);
  const attr: unknown = meta.attributes[attribute];
  const column =
    attr && typeof attr === 'object' && 'columnName' in attr && typeof attr.columnName === 'string' ? attr.columnName : attribute;
  return { table: meta.tableName, column };
}
