/**
 * Extension of the users-permissions plugin (Strapi's documented `src/extensions/<plugin>/strapi-server` hook).
 *
 * `sessionVersion` is part of every token the shop issues; signing out or changing the password increments it, so
 * every token issued before stops being accepted at once (see utils/auth.ts).
 */
interface PluginWithUser {
  contentTypes: { user: { schema: { attributes: Record<string, unknown> } } };
}

export default <P extends PluginWithUser>(plugin: P): P => {
  plugin.contentTypes.user.schema.attributes.sessionVersion = {
    type: 'integer',
    default: 0,
    private: true,
    configurable: false,
  };
  return plugin;
};
