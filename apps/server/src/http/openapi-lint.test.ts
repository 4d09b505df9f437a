import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { useTestApp } from '../test/context.js';
import { makeOrganization } from '../test/factories.js';

// Redocly's recommended rules refuse a localhost server, so this app has a public address like a real installation's.
const ctx = useTestApp({ PUBLIC_URL: 'https://wallet.test' });

describe('GET /api/docs/json under Redocly lint', () => {
  it("passes Redocly's recommended ruleset without an error or a warning", async () => {
    const { organization } = await makeOrganization(ctx.db);
    const response = await ctx.client(`${organization.slug}.wallet.test`).get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    // OPENAPI_DUMP=<file> keeps the document to read or to lint with the CLI (npx @redocly/cli lint <file>).
    if (process.env.OPENAPI_DUMP) fs.writeFileSync(process.env.OPENAPI_DUMP, response.body);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: response.body, absoluteRef: 'openapi.json', config });
    const described = problems.map(
      (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
    );
    expect(described).toEqual([]);
  });
});
