// V8's code cache for the shop's CommonJS modules, kept in one file between starts: a start of the shop spends about
// a fifth of its CPU compiling the 4,700 modules Strapi and its plugins load (profiled: `wrapSafe` 1.35 s of 6.7 s on
// a slow 2-core machine), and the API tests alone start about 150 shops. Node 20 has no compile cache of its own
// (`module.enableCompileCache` came with Node 22), and `v8-compile-cache` cannot be used here: it compiles a module
// that Node hands over as ECMAScript (`require(esm)`, on by default since Node 20.19) as CommonJS, and it saves only
// on the process's `exit` event, whose listeners Strapi removes when it stops.
//
// What this does: every CommonJS module Node would compile is compiled by `vm.Script` with the code V8 produced for
// the same source (its SHA-1 must match) in an earlier start; after the shop is up, `save()` writes the code of every
// module compiled without it, taken *after* the start ran (so the functions V8 compiled lazily while starting are in
// it too), to a new file renamed into place (several shops starting at once each write a whole file or none).
// Anything else (ECMAScript modules, a source V8 cannot compile as a CommonJS wrapper, a file that starts with `#!`)
// goes to Node's own compiler untouched. Opt-in: `SHOP_COMPILE_CACHE=<folder>` (the test runner sets it).
//
// The same folder keeps where each `require` led (the requiring module's folder and the name asked → the file): Node
// finds a module by trying files and reading package.json files up the tree, about 0.5 s of CPU a start (profiled,
// `Module._resolveFilename`, 2026-11-29). That file is kept per version of package-lock.json (an install starts a new
// one); an answer outside node_modules whose file no longer exists is asked again, and `require` with options,
// built-in modules and the main module always go to Node.
import { hash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

const HEADER = 4; // bytes: the index's length, then the index (JSON), then the cached code of every module

/** Reads the cache file: a map of module path → its source's hash and its cached code. Empty when none or unreadable. */
function readCache(file) {
  try {
    const data = readFileSync(file);
    const indexLength = data.readUInt32LE(0);
    const index = JSON.parse(data.subarray(HEADER, HEADER + indexLength).toString('utf8'));
    const body = HEADER + indexLength;
    return new Map(
      Object.entries(index).map(([name, [sourceHash, offset, length]]) => [
        name,
        { sourceHash, code: data.subarray(body + offset, body + offset + length) },
      ]),
    );
  } catch {
    return new Map();
  }
}

/** The `require` a CommonJS module receives, as Node builds it for `module`. */
function requireFor(module) {
  const require = (id) => module.require(id);
  const resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  resolve.paths = (request) => Module._resolveLookupPaths(request, module);
  require.resolve = resolve;
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

/** The package-lock.json above the working folder (the shop's cms/), hashed: the installed modules' version. */
function lockVersion() {
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const lock = path.join(dir, 'package-lock.json');
    if (existsSync(lock)) return hash('sha1', readFileSync(lock), 'hex').slice(0, 16);
    if (path.dirname(dir) === dir) return 'none';
  }
}

/** Keeps where each `require` led (see the top of this file); `save()` writes the answers found this time. */
function installResolutionCache(folder) {
  const file = path.join(folder, `resolved-${process.version}-${lockVersion()}.json`);
  let known = new Map();
  try {
    known = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8'))));
  } catch {
    // none yet, or unreadable: every name is resolved by Node and written at save()
  }
  let found = 0;
  const nodeResolve = Module._resolveFilename;
  Module._resolveFilename = function resolveWithCache(request, parent, isMain, options) {
    if (isMain || options !== undefined || !parent?.filename || Module.isBuiltin(request)) return nodeResolve.apply(this, arguments);
    const key = `${path.dirname(parent.filename)}\0${request}`;
    const hit = known.get(key);
    // A file of an installed package stays as long as package-lock.json does (the file's key); the shop's own (its
    // compiled dist, the workspace packages) may have moved since the answer was kept.
    if (hit !== undefined && (hit.includes(`${path.sep}node_modules${path.sep}`) || existsSync(hit))) return hit;
    const filename = nodeResolve.apply(this, arguments);
    if (path.isAbsolute(filename)) {
      known.set(key, filename);
      found += 1;
    }
    return filename;
  };
  return () => {
    if (found === 0) return;
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(Object.fromEntries(known)));
    renameSync(temporary, file);
    found = 0;
  };
}

/**
 * Installs the cache kept in `folder`. Returns `save()`, to call once the process has done the work worth caching
 * (for the shop: once it answers); it writes only what this start found anew (code compiled without a cache, a name
 * Node had to resolve).
 */
export function installCompileCache(folder) {
  const file = path.join(folder, `cjs-${process.version}-${process.arch}.bin`);
  const cached = readCache(file);
  const saveResolutions = installResolutionCache(folder);
  /** Modules compiled here without usable cached code: their scripts, to take the code from after the start. */
  const compiled = new Map();
  const nodeCompile = Module.prototype._compile;

  Module.prototype._compile = function compileWithCache(content, filename, format) {
    if ((format !== undefined && format !== 'commonjs') || content.startsWith('#!'))
      return nodeCompile.call(this, content, filename, format);
    const sourceHash = hash('sha1', content, 'base64');
    const entry = cached.get(filename);
    const cachedData = entry?.sourceHash === sourceHash ? entry.code : undefined;
    let script;
    try {
      script = new vm.Script(Module.wrap(content), {
        filename,
        cachedData,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      });
    } catch {
      // Not a CommonJS module after all (Node detects ECMAScript syntax itself), or a real syntax error Node reports.
      return nodeCompile.call(this, content, filename, format);
    }
    if (!cachedData || script.cachedDataRejected) compiled.set(filename, { sourceHash, script });
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, path.dirname(filename));
  };

  return {
    save() {
      mkdirSync(folder, { recursive: true });
      saveResolutions();
      if (compiled.size === 0) return;
      const index = {};
      const parts = [];
      let offset = 0;
      const add = (name, sourceHash, code) => {
        index[name] = [sourceHash, offset, code.length];
        parts.push(code);
        offset += code.length;
      };
      for (const [name, { sourceHash, script }] of compiled) add(name, sourceHash, script.createCachedData());
      for (const [name, { sourceHash, code }] of cached) if (!compiled.has(name)) add(name, sourceHash, code);
      const indexBytes = Buffer.from(JSON.stringify(index), 'utf8');
      const header = Buffer.alloc(HEADER);
      header.writeUInt32LE(indexBytes.length, 0);
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, Buffer.concat([header, indexBytes, ...parts]));
      renameSync(temporary, file);
      compiled.clear();
    },
  };
}
