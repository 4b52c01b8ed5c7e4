import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of the API files within a database's run. `npm test` runs the SQLite and PostgreSQL runs at the same
 * time, and with Vitest's own order (largest file first on a clean clone) both went through the same files at the
 * same moment: both started the seven shops of mercadopago.test.ts together, then both waited on the hold sweep of
 * orders-holds.test.ts together, and the two cores stood 29 % idle over the stage (2026-11-29). So the SQLite run
 * takes its files longest first and the PostgreSQL run shortest first (the times of api-durations.json; an unknown
 * file counts as a minute): one run's waits fall on the other's work. Each run still takes its files one after
 * another, each on its own; only which file runs beside which changes.
 */
class OppositeOrders extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = fileURLToPath(new URL('api-durations.json', import.meta.url));
    const known: Record<string, number> = JSON.parse(readFileSync(durations, 'utf8')).seconds;
    const cost = (spec: TestSpecification) => known[`api/${path.basename(spec.moduleId)}`] ?? 60;
    const longestFirst = [...files].sort((a, b) => cost(b) - cost(a) || a.moduleId.localeCompare(b.moduleId));
    return process.env.TEST_DB === 'postgres' ? longestFirst.reverse() : longestFirst;
  }
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    include: ['api/**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // One Strapi serves every file; files run one after another so rate limits and counters stay deterministic.
    fileParallelism: false,
    sequence: { sequencer: OppositeOrders },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: ['default'],
  },
});
