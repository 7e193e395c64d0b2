/**
 * `kubectl edit` with KUBE_EDITOR set to a small sh script in place of a person: the change it makes is stored,
 * and a change the server refuses comes back in the file's header, which kubectl keeps.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NodusObject } from '@/shared/protocol.ts';
import { jobYaml, withKubectl } from './harness.ts';

const k = withKubectl({ controller: false });

const JOBS = '/apis/nodus.dev/v1/namespaces/default/jobs';

/**
 * An editor that rewrites one top-level spec field of the file kubectl opens. The pattern is anchored at the
 * spec's indentation, so the comment lines of kubectl's header, which quote the field, stay as they are.
 */
function editor(name: string, field: string, value: string): string {
  const path = k.file(name, `#!/bin/sh\nsed -i 's|^  ${field}: .*|  ${field}: ${value}|' "$1"\n`);
  chmodSync(path, 0o755);
  return path;
}

async function stored(name: string): Promise<NodusObject> {
  return (await k.api<NodusObject>('GET', `${JOBS}/${name}`)).body;
}

describe('kubectl edit', () => {
  it('kubectl edit job/x stores the change the editor made to the spec', async () => {
    expect((await k.run(['apply', '-f', k.file('edited.yaml', jobYaml('edited'))])).code).toBe(0);
    const res = await k.run(['edit', 'job/edited'], undefined, {
      KUBE_EDITOR: editor('raise.sh', 'maxCostUSD', '"45.00"'),
    });
    expect(res).toMatchObject({ code: 0, stdout: 'job.nodus.dev/edited edited\n' });
    const job = await stored('edited');
    expect(job.spec).toMatchObject({ maxCostUSD: '45.00' });
    expect(job.metadata.generation).toBe(2);
    expect(job.metadata.managedFields).toContainEqual(
      expect.objectContaining({ manager: 'kubectl-edit', operation: 'Update' }),
    );
  });

  it("kubectl edit that changes an immutable field is refused with the server's message, and kubectl keeps the file", async () => {
    expect((await k.run(['apply', '-f', k.file('fixed.yaml', jobYaml('fixed-image'))])).code).toBe(0);
    const tmp = join(k.dir(), 'edit-tmp');
    mkdirSync(tmp);
    // kubectl opens the file again with the server's causes on top; the script changes nothing more, so kubectl
    // gives up and says where it kept the edit.
    const res = await k.run(['edit', 'job/fixed-image'], undefined, {
      KUBE_EDITOR: editor('image.sh', 'image', 'nodus/node:22'),
      TMPDIR: tmp,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('error: jobs.nodus.dev "fixed-image" is invalid');
    expect(res.stderr).toContain('error: Edit cancelled, no valid changes were saved.');
    const kept = res.stderr.match(/A copy of your changes has been stored to "([^"]+)"/)?.[1];
    expect(kept).toBeDefined();
    expect(readdirSync(tmp).map((f) => join(tmp, f))).toContain(kept);
    const text = readFileSync(kept!, 'utf8');
    expect(text).toContain('# jobs.nodus.dev "fixed-image" was not valid:\n');
    expect(text).toContain('# * spec.image: cannot change after create (from "nodus/python:3.12" to "nodus/node:22")');
    expect(text).toMatch(/\n {2}image: nodus\/node:22\n/);
    expect((await stored('fixed-image')).spec).toMatchObject({ image: 'nodus/python:3.12' });
  });
});
