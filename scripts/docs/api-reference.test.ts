import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC, kindsSection, withGeneratedSections } from './api-reference.ts';

describe('docs/API.md', () => {
  it('matches the schemas and reasons the API serves (npm run docs:api rewrites it)', () => {
    const doc = readFileSync(API_DOC, 'utf8');
    expect(withGeneratedSections(doc) === doc, 'docs/API.md is out of date: run npm run docs:api').toBe(true);
  });

  it('lists each field with its default and whether it may change', () => {
    const kinds = kindsSection();
    expect(kinds).toContain('| `spec.maxCostUSD` | string |');
    expect(kinds).toMatch(/\| `spec\.state` \| `Running`, `Suspended`, `Cancelled` \| `"Running"` \| yes \|/);
    expect(kinds).toContain('`spec.resources.gpu.count`');
  });
});
