// Test-only: shared by the browser tests (e2e/tests/security.spec.ts) and the API tests
// (cms/tests/api/security-headers.test.ts); no app imports it.

/** A Content-Security-Policy header as a map directive -> its sources, joined by one space. */
export function parseCsp(header: string | null | undefined): Map<string, string> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part): [string, string] => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')];
      }),
  );
}
