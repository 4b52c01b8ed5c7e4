import { describe, expect, it } from 'vitest';
import { CONSUMER_DEFENSE_URL_MESSAGE, DEFAULT_CONSUMER_DEFENSE_URL, legalSchema } from './legal-schema.js';
import { readSiteContent } from './content-read.js';
import { defaultSiteContent } from './site-content.js';

describe('the consumer-defence link (site content `legal`)', () => {
  it('defaults to the national complaints portal, for content saved before it existed too', () => {
    expect(defaultSiteContent().legal.consumerDefenseUrl).toBe(DEFAULT_CONSUMER_DEFENSE_URL);
    expect(readSiteContent({}).content.legal.consumerDefenseUrl).toBe(DEFAULT_CONSUMER_DEFENSE_URL);
  });

  it('takes another https address and refuses anything else with the Spanish message', () => {
    expect(legalSchema.parse({ consumerDefenseUrl: ' https://autogestion.produccion.gob.ar/consumidores ' }).consumerDefenseUrl).toBe(
      'https://autogestion.produccion.gob.ar/consumidores',
    );
    for (const bad of ['http://example.com', 'javascript:alert(1)', 'https://', 'reclamos', `https://x.gob.ar/${'a'.repeat(600)}`]) {
      const parsed = legalSchema.safeParse({ consumerDefenseUrl: bad });
      expect(parsed.success, bad.slice(0, 30)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(CONSUMER_DEFENSE_URL_MESSAGE);
    }
  });

  it('reads a stored address that is not https as the default, and names it among the problems', () => {
    const { content, problems } = readSiteContent({ legal: { consumerDefenseUrl: 'javascript:alert(1)' } });
    expect(content.legal.consumerDefenseUrl).toBe(DEFAULT_CONSUMER_DEFENSE_URL);
    expect(problems.map((p) => p.path)).toContain('legal.consumerDefenseUrl');
  });
});
