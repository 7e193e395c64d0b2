/**
 * The import boundaries hold: ESLint refuses the imports that would tie the mock, the API client and the UI
 * together (see eslint.config.js).
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The circle rule reads every file an import reaches; the other rules need only the file at hand.
const eslint = new ESLint({ overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });
const withCycles = new ESLint();

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

async function ruled(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await (rule === 'import-x/no-cycle' ? withCycles : eslint).lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

// The first lint loads ESLint's config and parsers: seconds on a busy host.
describe('import boundaries', { timeout: 60_000 }, () => {
  it('keeps console code out of the mock API', async () => {
    expect(
      await restricted('src/mock/x.ts', "import { x } from '../features/resources/index.ts';\nexport { x };\n"),
    ).toHaveLength(1);
    expect(
      await restricted('src/mock/x.ts', "import { apiClient } from '../data/api-client.ts';\nexport { apiClient };\n"),
    ).toHaveLength(1);
    expect(await restricted('src/mock/x.ts', "import { useState } from 'react';\nexport { useState };\n")).toHaveLength(
      1,
    );
    expect(
      await restricted(
        'src/mock/x.ts',
        "import { API_VERSION } from '../shared/protocol.ts';\nexport { API_VERSION };\n",
      ),
    ).toHaveLength(0);
  });

  it('keeps server code and UI out of the API client', async () => {
    expect(
      await restricted(
        'src/data/client/x.ts',
        "import { startMockServer } from '../../mock/server.ts';\nexport { startMockServer };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        'src/data/client/x.ts',
        "import { ErrorPanel } from '../../components/ui/error-panel.tsx';\nexport { ErrorPanel };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted('src/data/client/x.ts', "import { useStore } from 'zustand';\nexport { useStore };\n"),
    ).toHaveLength(1);
    expect(
      await restricted(
        'src/data/client/x.ts',
        "import { apiClient } from '../api-client.ts';\nexport { apiClient };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        'src/data/client/x.ts',
        "import { ListWatch } from '../watch/list-watch.ts';\nexport { ListWatch };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        'src/data/client/x.ts',
        "import { API_VERSION } from '../../shared/protocol.ts';\nexport { API_VERSION };\n",
      ),
    ).toHaveLength(0);
  });

  it('keeps the data layer below the views', async () => {
    expect(
      await restricted(
        'src/data/watch/x.ts',
        "import { x } from '../../features/resources/index.ts';\nexport { x };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        'src/data/x.ts',
        "import { ErrorPanel } from '../components/ui/error-panel.tsx';\nexport { ErrorPanel };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted('src/data/x.ts', "import { MockState } from '../mock/state.ts';\nexport { MockState };\n"),
    ).toHaveLength(1);
    expect(
      await restricted(
        'src/data/x.ts',
        "import { createApiClient } from './client/index.ts';\nexport { createApiClient };\n",
      ),
    ).toHaveLength(0);
  });

  it('keeps the UI off the server and imports flowing one way', async () => {
    expect(
      await restricted(
        'src/features/a/b.tsx',
        "import { MockState } from '../../mock/state.ts';\nexport { MockState };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted('src/features/a/b.tsx', "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n"),
    ).toHaveLength(1);
    expect(
      await restricted(
        'src/components/ui/c.tsx',
        "import { x } from '../../features/resources/index.ts';\nexport { x };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted('src/features/a/b.tsx', "import { router } from '../../app/router.tsx';\nexport { router };\n"),
    ).toHaveLength(1);
  });

  it('keeps the kinds registry below the features and above components and lib', async () => {
    expect(
      await restricted('src/kinds/x.ts', "import { x } from '../features/resources/index.ts';\nexport { x };\n"),
    ).toHaveLength(1);
    expect(
      await restricted('src/kinds/x.ts', "import { KIND_FACTS } from '../shared/kinds.ts';\nexport { KIND_FACTS };\n"),
    ).toHaveLength(0);
    expect(
      await restricted('src/lib/x.ts', "import { kindLife } from '../kinds/lifecycle.ts';\nexport { kindLife };\n"),
    ).toHaveLength(1);
    expect(
      await restricted(
        'src/features/a/b.tsx',
        "import { kindLife } from '../../kinds/lifecycle.ts';\nexport { kindLife };\n",
      ),
    ).toHaveLength(0);
  });

  it('keeps the shared protocol free of imports', async () => {
    expect(await restricted('src/shared/x.ts', "import { x } from '../mock/state.ts';\nexport { x };\n")).toHaveLength(
      1,
    );
  });

  it('keeps features apart from each other', async () => {
    const rule = 'import-x/no-restricted-paths';
    expect(
      await ruled(rule, 'src/features/logs/x.ts', "import { x } from '../editor/index.ts';\nexport { x };\n"),
    ).toHaveLength(1);
    expect(
      await ruled(rule, 'src/features/logs/x.ts', "import { x } from './index.ts';\nexport { x };\n"),
    ).toHaveLength(0);
  });

  it('holds the same boundaries for imports through the @/ alias', async () => {
    expect(
      await restricted(
        'src/components/ui/c.tsx',
        "import { x } from '@/features/resources/index.ts';\nexport { x };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restricted('src/mock/x.ts', "import { x } from '@/data/client/index.ts';\nexport { x };\n"),
    ).toHaveLength(1);
    expect(await restricted('src/shared/x.ts', "import { x } from '@/mock/state.ts';\nexport { x };\n")).toHaveLength(
      1,
    );
    expect(
      await ruled(
        'import-x/no-restricted-paths',
        'src/features/logs/x.ts',
        "import { x } from '@/features/editor/index.ts';\nexport { x };\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses a circle of imports', async () => {
    // format.ts imports money.ts, so money.ts importing format.ts would close a circle.
    expect(
      await ruled(
        'import-x/no-cycle',
        'src/lib/money.ts',
        "import { formatUSD } from './format.ts';\nexport { formatUSD };\n",
      ),
    ).toHaveLength(1);
  });
});
