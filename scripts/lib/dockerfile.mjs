// Dockerfile and .dockerignore as scripts/image-check.mjs reads them: stages and their instructions, COPY and ENV
// arguments, the build context's exclusions, and the engines range of the base image's Node.
import path from 'node:path';

/** Stages of a Dockerfile: {name, from, instructions: [{op, args}]} (continuations joined, comments dropped). */
export function parseDockerfile(text) {
  const lines = [];
  let current = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#') && current === '') continue;
    if (line.startsWith('#')) continue; // comment inside a continued instruction
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    current += line;
    if (current.trim() !== '') lines.push(current.trim());
    current = '';
  }
  const stages = [];
  for (const line of lines) {
    const [, op, rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { op: op.toUpperCase(), args: rest };
    if (instruction.op === 'FROM') {
      const [from, as, name] = rest.split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : String(stages.length), instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return stages;
}

/** `COPY [--from=x] [--chown=…] src… dest` (shell form). */
export function parseCopy(argsText) {
  const words = argsText.split(/\s+/).filter(Boolean);
  const flags = {};
  while (words[0]?.startsWith('--')) {
    const [key, value = ''] = words.shift().slice(2).split('=');
    flags[key] = value;
  }
  return { flags, sources: words.slice(0, -1), dest: words.at(-1) };
}

/** `ENV A=1 B=2` (and the legacy `ENV A 1`). */
export function parseEnv(argsText) {
  const out = {};
  const pairs = argsText.match(/[A-Za-z_][A-Za-z0-9_]*=("[^"]*"|'[^']*'|\S*)/g);
  if (pairs) {
    for (const pair of pairs) {
      const i = pair.indexOf('=');
      out[pair.slice(0, i)] = pair.slice(i + 1).replace(/^["']|["']$/g, '');
    }
  } else {
    const [name, ...value] = argsText.split(/\s+/);
    out[name] = value.join(' ');
  }
  return out;
}

/** .dockerignore as BuildKit reads it: last matching pattern wins, `!` re-includes, a match excludes what is below. */
export function dockerignoreMatcher(text) {
  const rules = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = path.posix.normalize((negate ? l.slice(1) : l).trim().replace(/^\/+/, '')).replace(/\/$/, '');
      let source = '';
      for (let i = 0; i < pattern.length; i += 1) {
        const c = pattern[i];
        if (c === '*' && pattern[i + 1] === '*') {
          const slash = pattern[i + 2] === '/';
          source += slash ? '(?:.*/)?' : '.*';
          i += slash ? 2 : 1;
        } else if (c === '*') source += '[^/]*';
        else if (c === '?') source += '[^/]';
        else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
      }
      return { negate, pattern, regex: new RegExp(`^${source}$`) };
    });
  const matches = (regex, rel) => {
    const parts = rel.split('/');
    for (let n = 1; n <= parts.length; n += 1) if (regex.test(parts.slice(0, n).join('/'))) return true;
    return false;
  };
  const excluded = (rel) => {
    let out = false;
    for (const rule of rules) if (matches(rule.regex, rel)) out = !rule.negate;
    return out;
  };
  excluded.patterns = rules.map((r) => (r.negate ? `!${r.pattern}` : r.pattern));
  excluded.hasNegations = rules.some((r) => r.negate);
  return excluded;
}

/** Does a simple npm range (`>=20 <25`, `^22 || >=24`, `20.x`) accept this major version? */
export function rangeAcceptsMajor(range, major) {
  const version = [major, 0, 0];
  const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  const parse = (v) =>
    v
      .replace(/^v/, '')
      .split('.')
      .map((x) => (/^\d+$/.test(x) ? Number(x) : null));
  return range.split('||').some((set) =>
    set
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const [, op = '', v] = /^(>=|<=|>|<|=|\^|~)?(.+)$/.exec(comparator) ?? [];
        const [a, b, c] = parse(v);
        if (a === null || a === undefined) return true; // '*' or 'x'
        const lo = [a, b ?? 0, c ?? 0];
        if (op === '>=') return cmp(version, lo) >= 0;
        if (op === '>') return b === undefined || b === null ? major > a : cmp(version, lo) > 0;
        if (op === '<') return cmp(version, lo) < 0;
        if (op === '<=') return b === undefined || b === null ? major <= a : cmp(version, lo) <= 0;
        return major === a; // '=', '^', '~', bare or x-range: same major
      }),
  );
}
