import { z } from 'zod';

// The page's Content-Security-Policy forbids eval (script-src 'self'). Zod probes `new Function` once to decide
// whether to compile fast object parsers; the probe is caught but Chromium still reports a CSP violation.
// Jitless mode skips the probe (parsing stays correct, only that optimisation is off). Imported first by main.tsx,
// before any module parses anything at load time.
z.config({ jitless: true });
