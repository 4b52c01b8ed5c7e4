import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './paths';

/**
 * What the shop's starter leaves unloaded at start (cms/scripts/lib/deferred-modules.mjs) answers as the real modules
 * would. Each case runs in a Node process of its own, as the starter does, so that no module cache is shared.
 */
const CMS = path.join(REPO, 'cms');
const DEFERRED = path.join(CMS, 'scripts', 'lib', 'deferred-modules.mjs');

/** Runs `body` (an ES module's text) after installing the stand-ins for cms, compiled into cms/dist; its printed JSON. */
function afterDeferring(body: string): Record<string, unknown> {
  const script = `
    import { createRequire } from 'node:module';
    import { deferStartupModules } from ${JSON.stringify(DEFERRED)};
    const appDir = ${JSON.stringify(CMS)};
    deferStartupModules(appDir, ${JSON.stringify(path.join(CMS, 'dist'))});
    const fromCore = createRequire(createRequire(appDir + '/package.json').resolve('@strapi/core'));
    const loaded = (name) => Object.keys(fromCore.cache).some((file) => file.includes('/node_modules/' + name + '/'));
    ${body}`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: CMS, encoding: 'utf8' }));
}

describe('the modules the shop loads on first use', () => {
  it('finds the compiled migrations where TypeScript would, without loading TypeScript', () => {
    // What Strapi asks at start: cms/tsconfig.json's outDir, answered by TypeScript itself here.
    const real = createRequire(path.join(CMS, 'package.json'))('@strapi/typescript-utils');
    expect(real.resolveOutDirSync(CMS)).toBe(path.join(CMS, 'dist'));
    const answer = afterDeferring(`
      const tsUtils = fromCore('@strapi/typescript-utils');
      const outDir = tsUtils.resolveOutDirSync(appDir);
      const typescriptBefore = loaded('typescript');
      const usingTypeScript = tsUtils.isUsingTypeScriptSync(appDir);
      console.log(JSON.stringify({ outDir, typescriptBefore, usingTypeScript, typescriptAfter: loaded('typescript') }));`);
    expect(answer).toEqual({ outDir: path.join(CMS, 'dist'), typescriptBefore: false, usingTypeScript: true, typescriptAfter: true });
  });

  it('loads the MCP server only when something reads it, and then the real one', () => {
    const answer = afterDeferring(`
      const fromMcp = createRequire(fromCore.resolve('./services/mcp/index.js'));
      const server = fromMcp('@modelcontextprotocol/server');
      // The stand-in sits where the server's entry would; the real server brings its core library with it.
      const before = loaded('@modelcontextprotocol/core');
      const kind = typeof server.McpServer;
      console.log(JSON.stringify({ before, kind, after: loaded('@modelcontextprotocol/core'), same: fromMcp('@modelcontextprotocol/server').McpServer === server.McpServer }));`);
    expect(answer).toEqual({ before: false, kind: 'function', after: true, same: true });
  });
});
