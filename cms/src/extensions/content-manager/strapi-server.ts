/**
 * Extension of Strapi's content manager (the `/cms` panel's lists and forms; Strapi's documented
 * `src/extensions/<plugin>/strapi-server` hook).
 *
 * On every start the content manager brings the panel's view settings of each content type and component (their
 * lists' columns, the forms' layout) in line with the models: about 130 of them, each read, checked against a schema
 * built for it and compared, about 0.4 s of CPU a start on a slow 2-core machine, for nothing when no model changed
 * since the last start. Here each of the two passes (components, content types) runs only when the models it covers
 * (their JSON, with Strapi's version) differ from those of the last pass that ran to its end, or when a stored view
 * setting is missing; the fingerprint is kept in Strapi's key-value store. A view setting changed in the panel is
 * checked by the panel when it is saved, as before; a new or changed model, or a new Strapi, brings the pass back.
 */
import { createHash } from 'node:crypto';
import type { Core } from '@strapi/strapi';

interface SyncingService {
  syncConfigurations(): Promise<void>;
}

type Kind = 'components' | 'content_types';

interface PluginWithSyncs {
  services: Record<'components' | 'content-types', (deps: { strapi: Core.Strapi }) => SyncingService>;
}

/** The models a pass covers, as text: what its outcome depends on. Undefined when they cannot be written as JSON. */
function fingerprintOf(strapi: Core.Strapi, kind: Kind): string | undefined {
  const models = kind === 'components' ? strapi.components : strapi.contentTypes;
  try {
    const text = JSON.stringify([strapi.config.get('info.strapi'), Object.keys(models).sort(), models]);
    return createHash('sha256').update(text).digest('base64');
  } catch {
    return undefined;
  }
}

/** How many view settings of this kind the store holds (the pass writes one per model). */
async function storedSettings(strapi: Core.Strapi, kind: Kind): Promise<number> {
  const prefix = `plugin_content_manager_configuration_${kind}::`;
  return strapi.db.query('strapi::core-store').count({ where: { key: { $startsWith: prefix } } });
}

/** `sync`, or nothing when the models are those of the last pass that ran to its end and every setting is stored. */
async function syncWhenModelsChanged(strapi: Core.Strapi, kind: Kind, sync: () => Promise<void>): Promise<void> {
  const key = { type: 'core' as const, key: `shop_panel_views_synced_${kind}` };
  const fingerprint = fingerprintOf(strapi, kind);
  const models = Object.keys(kind === 'components' ? strapi.components : strapi.contentTypes).length;
  if (fingerprint && (await strapi.store.get(key)) === fingerprint && (await storedSettings(strapi, kind)) === models) return;
  await sync();
  if (fingerprint) await strapi.store.set({ ...key, value: fingerprint });
}

export default <P extends PluginWithSyncs>(plugin: P): P => {
  for (const [service, kind] of [
    ['components', 'components'],
    ['content-types', 'content_types'],
  ] as const) {
    const make = plugin.services[service];
    plugin.services[service] = (deps) => {
      const made = make(deps);
      const sync = made.syncConfigurations.bind(made);
      made.syncConfigurations = () => syncWhenModelsChanged(deps.strapi, kind, sync);
      return made;
    };
  }
  return plugin;
};
