/**
 * The Files tab against the real mock: a Volume's files uploaded by the picker and by a drop, shown with their
 * sizes, downloaded byte for byte, replaced only when asked, deleted; a full Volume refusing an upload with the
 * API's reason and requestId; a Sandbox showing a mounted Volume's file, and saying why it cannot when Stopped; an
 * upload going on in the tray when its tab closes, and the page asking before it is closed.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { API_VERSION } from '../src/shared/protocol.ts';
import { FilesBrowser } from './pages/files-browser.ts';
import { authHeaders, createProject, uniqueName } from './support/mock-writes.ts';
import { MOCK_URL } from './support/servers.ts';

test.describe.configure({ timeout: 120_000 });

/** The mock-only annotation that makes a Volume nearly full at create (docs/API.md, Files): 10 KiB left of 1 GiB. */
const NEARLY_FULL = 'mock.nodus.dev/used-gib';
const NEARLY_FULL_VALUE = '0.99999';

const objectPath = (project: string, plural: string, name = '') =>
  `${MOCK_URL}/apis/${API_VERSION}/namespaces/${project}/${plural}${name ? `/${name}` : ''}`;

async function create(
  request: APIRequestContext,
  project: string,
  plural: string,
  body: { metadata: Record<string, unknown>; spec: Record<string, unknown> },
): Promise<void> {
  const res = await request.post(objectPath(project, plural), { headers: authHeaders, data: body });
  expect(res.status(), await res.text()).toBe(201);
}

async function putFile(request: APIRequestContext, url: string, body: Buffer): Promise<void> {
  const res = await request.put(url, {
    headers: { ...authHeaders, 'Content-Type': 'application/octet-stream' },
    data: body,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

async function readBack(request: APIRequestContext, url: string): Promise<Buffer> {
  const res = await request.get(url, { headers: authHeaders });
  expect(res.status()).toBe(200);
  return res.body();
}

/** Every byte value, over and over: a download that decodes or re-encodes anything would differ. */
function binary(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + (i >> 8)) & 0xff;
  return bytes;
}

test('a Volume takes a file from the picker, shows it with its size, gives the same bytes back and deletes it', async ({
  page,
  request,
}) => {
  const project = uniqueName('files');
  await createProject(request, project);
  await create(request, project, 'volumes', { metadata: { name: 'data' }, spec: { sizeGiB: 1 } });
  const files = new FilesBrowser(page);
  await files.goto(project, 'volumes', 'data');
  await expect(files.card.getByText('This folder is empty')).toBeVisible({ timeout: 30_000 });

  const bytes = binary(300_000);
  await files.picker.setInputFiles({ name: 'weights.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await expect(files.upload('weights.bin')).toContainText('Uploaded');
  const row = files.row('weights.bin');
  await expect(row).toContainText('293 KiB');
  await expect(row.getByTitle('300,000 bytes')).toBeVisible();
  expect(await readBack(request, `${objectPath(project, 'volumes', 'data')}/files/weights.bin`)).toEqual(bytes);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download weights.bin' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('weights.bin');
  expect(await readFile(await download.path())).toEqual(bytes);

  // The same name again asks before writing over it.
  await files.picker.setInputFiles({ name: 'weights.bin', mimeType: 'text/plain', buffer: Buffer.from('v2') });
  await expect(files.dialog).toContainText('Replace weights.bin?');
  await files.dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(files.row('weights.bin')).toContainText('2 B');

  await files.row('weights.bin').getByRole('button', { name: 'Delete weights.bin' }).click();
  await expect(files.dialog).toContainText('/weights.bin is removed');
  await files.dialog.getByRole('button', { name: 'Delete file' }).click();
  await expect(files.card.getByText('This folder is empty')).toBeVisible();
});

test('files dropped on the list are uploaded into the folder shown, and folders come first', async ({
  page,
  request,
}) => {
  const project = uniqueName('files-drop');
  await createProject(request, project);
  await create(request, project, 'volumes', { metadata: { name: 'data' }, spec: { sizeGiB: 1 } });
  const volumeFiles = `${objectPath(project, 'volumes', 'data')}/files`;
  await putFile(request, `${volumeFiles}/runs/7/notes.txt`, Buffer.from('seven'));
  const files = new FilesBrowser(page);
  await files.goto(project, 'volumes', 'data');

  await files.row('runs').getByRole('button', { name: 'runs', exact: true }).click();
  await expect(files.breadcrumb).toContainText('data/runs');
  await expect(page).toHaveURL(/path=%2Fruns/);
  await files.drop([{ name: 'dropped.txt', text: 'from a drop' }]);
  await expect(files.row('dropped.txt')).toContainText('11 B');
  expect((await readBack(request, `${volumeFiles}/runs/dropped.txt`)).toString()).toBe('from a drop');
  const names = await files.table.getByRole('row').allInnerTexts();
  expect(names[1]).toContain('7');
  expect(names[2]).toContain('dropped.txt');

  await files.breadcrumb.getByRole('button', { name: 'data', exact: true }).click();
  await expect(files.row('runs')).toBeVisible();
});

test('a full Volume refuses an upload with the reason, the fix and the requestId the API gave', async ({
  page,
  request,
}) => {
  const project = uniqueName('files-full');
  await createProject(request, project);
  await create(request, project, 'volumes', {
    metadata: { name: 'tiny', annotations: { [NEARLY_FULL]: NEARLY_FULL_VALUE } },
    spec: { sizeGiB: 1 },
  });
  const files = new FilesBrowser(page);
  await files.goto(project, 'volumes', 'tiny');
  await expect(files.usage).toBeVisible({ timeout: 30_000 });

  await files.picker.setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: binary(64_000) });
  const failed = files.upload('big.bin');
  const alert = failed.getByRole('alert');
  await expect(alert).toContainText('Could not upload big.bin');
  const direct = await request.put(`${objectPath(project, 'volumes', 'tiny')}/files/big.bin`, {
    headers: { ...authHeaders, 'Content-Type': 'application/octet-stream' },
    data: binary(64_000),
  });
  const status = (await direct.json()) as { reason: string; message: string; fix?: string };
  expect(direct.status()).toBeGreaterThanOrEqual(400);
  await expect(alert).toContainText(status.reason);
  await expect(alert).toContainText(status.message);
  if (status.fix) await expect(alert).toContainText(status.fix);
  await expect(alert.getByTestId('request-id')).toHaveText(/^req_/);
  await expect(failed.getByRole('button', { name: 'Retry' }).first()).toBeVisible();
  await expect(files.row('big.bin')).toHaveCount(0);
});

test('a Sandbox shows a file of the Volume it mounts, and says why it cannot when it is Stopped', async ({
  page,
  request,
}) => {
  const project = uniqueName('files-sbx');
  await createProject(request, project);
  await create(request, project, 'volumes', { metadata: { name: 'shared' }, spec: { sizeGiB: 1 } });
  await putFile(
    request,
    `${objectPath(project, 'volumes', 'shared')}/files/hello.txt`,
    Buffer.from('hello from a volume\n'),
  );
  const sandbox = (name: string, state?: string) => ({
    metadata: { name },
    spec: {
      image: 'nodus/python:3.12',
      resources: { cpu: 1, memoryGiB: 2 },
      volumes: [{ name: 'shared', mountPath: '/data' }],
      ...(state ? { state } : {}),
    },
  });
  await create(request, project, 'sandboxes', sandbox('dev'));
  await create(request, project, 'sandboxes', sandbox('parked', 'Stopped'));
  await expect
    .poll(
      async () => {
        const res = await request.get(objectPath(project, 'sandboxes', 'dev'), { headers: authHeaders });
        return ((await res.json()) as { status?: { phase?: string } }).status?.phase;
      },
      { timeout: 60_000 },
    )
    .toBe('Running');

  const files = new FilesBrowser(page);
  await files.goto(project, 'sandboxes', 'dev', '/data');
  await expect(files.row('hello.txt')).toContainText('20 B', { timeout: 30_000 });

  await files.goto(project, 'sandboxes', 'parked');
  const direct = await request.get(`${objectPath(project, 'sandboxes', 'parked')}/files/`, { headers: authHeaders });
  expect(direct.status()).toBe(409);
  const status = (await direct.json()) as { reason: string; message: string };
  const alert = files.card.getByRole('alert');
  await expect(alert).toContainText(status.reason, { timeout: 30_000 });
  await expect(alert).toContainText(status.message);
  await expect(files.table).toHaveCount(0);
});

test('an upload goes on in the background when its tab closes, and closing the page asks first', async ({
  page,
  request,
}) => {
  const project = uniqueName('files-bg');
  await createProject(request, project);
  await create(request, project, 'volumes', { metadata: { name: 'data' }, spec: { sizeGiB: 1 } });
  const files = new FilesBrowser(page);
  await files.goto(project, 'volumes', 'data');
  await expect(files.card.getByText('This folder is empty')).toBeVisible({ timeout: 30_000 });

  // A slow link, so the upload is still on its way when the person moves on.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const bytes = binary(3 * 1024 * 1024);
  await files.picker.setInputFiles({ name: 'slow.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await expect(files.upload('slow.bin').getByRole('progressbar')).toBeVisible();

  await page.getByRole('tab', { name: 'Overview' }).click();
  const tray = page.getByRole('complementary', { name: 'Uploads in the background' });
  await expect(tray).toContainText('Uploading 1 file');
  await expect(tray.getByRole('listitem', { name: 'Upload of slow.bin' })).toBeVisible();

  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();

  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(tray).toContainText('Uploads finished', { timeout: 60_000 });
  expect(await readBack(request, `${objectPath(project, 'volumes', 'data')}/files/slow.bin`)).toEqual(bytes);
});
