/**
 * The exec subresource over WebSocket, as a client of Kubernetes' remote command protocol sees it: each channel,
 * resize, the close channel, exit statuses on the error channel, and output that arrives in chunks. The demo
 * Sandbox default/dev is Running.
 */
import { describe, expect, it } from 'vitest';
import { withMockApi } from './harness.ts';
import { execPath, openExec, opened, wsBase, type ExecClient } from './exec-client.ts';

const api = withMockApi();
const TTY = 'command=sh&stdin=true&stdout=true&tty=true';

async function exec(query: string, protocols?: string[]): Promise<ExecClient> {
  return opened(await openExec(wsBase(api.server().url), execPath('dev', query), protocols ? { protocols } : {}));
}

describe('exec into a Sandbox', () => {
  it('opens an interactive shell with a prompt, runs what is typed and ends with status Success', async () => {
    const sh = await exec(TTY);
    expect(sh.ws.protocol).toBe('v5.channel.k8s.io');
    await sh.untilOutput('user@dev:~$ ');
    sh.type('echo hi\r');
    await sh.untilOutput('echo hi\r\nhi\r\nuser@dev:~$ ');
    sh.type('exit\r');
    expect(await sh.status()).toEqual({ metadata: {}, status: 'Success' });
    expect(await sh.closed).toBe(1000);
  });

  it('edits the line as a terminal does: backspace, Ctrl-C and Ctrl-D', async () => {
    const sh = await exec(TTY);
    await sh.untilOutput('$ ');
    sh.type('echo nope\x03');
    await sh.untilOutput('echo nope^C\r\nuser@dev:~$ ');
    sh.type('pwdd\x7f\r');
    await sh.untilOutput('pwdd\b \b\r\n/home/user\r\n');
    sh.type('\x04');
    // Ctrl-C left status 130; pwd then succeeded, so the shell ends with 0.
    expect((await sh.status()).status).toBe('Success');
  });

  it('writes a file with > and reads it back in the same Sandbox later', async () => {
    const first = await exec(TTY);
    first.type("echo 'kept between sessions' > note.txt\rexit\r");
    await first.closed;
    const second = await exec('command=cat&command=note.txt&stdout=true');
    expect((await second.status()).status).toBe('Success');
    expect(second.text(1)).toBe('kept between sessions\n');
  });

  it('sends stdout and stderr on their own channels without a terminal, and the exit code on the error channel', async () => {
    const sh = await exec(
      `command=sh&command=-c&command=${encodeURIComponent('echo out; nope')}&stdout=true&stderr=true`,
    );
    const status = await sh.status();
    expect(sh.text(1)).toBe('out\n');
    expect(sh.text(2)).toBe('sh: nope: command not found\n');
    expect(status).toMatchObject({
      status: 'Failure',
      reason: 'NonZeroExitCode',
      details: { causes: [{ reason: 'ExitCode', message: '127' }] },
    });
    expect(await sh.closed).toBe(1000);
  });

  it('runs one command given as words and ends with its exit code', async () => {
    const ls = await exec('command=ls&command=/no/such&stdout=true&stderr=true');
    expect((await ls.status()).details?.causes).toEqual([{ reason: 'ExitCode', message: '2' }]);
    expect(ls.text(2)).toBe("ls: cannot access '/no/such': No such file or directory\n");
    const unknown = await exec('command=foo&stdout=true&stderr=true');
    expect((await unknown.status()).details?.causes?.[0]?.message).toBe('127');
    const exit = await exec(TTY);
    exit.type('exit 3\r');
    expect((await exit.status()).details?.causes?.[0]?.message).toBe('3');
  });

  it('merges stderr into the terminal with tty, as the kubelet does', async () => {
    const sh = await exec('command=nope&stdout=true&stderr=true&tty=true');
    await sh.status();
    expect(sh.text(1)).toBe('sh: nope: command not found\r\n');
    expect(sh.text(2)).toBe('');
  });

  it('passes stdin to the command, and the close channel ends it', async () => {
    const cat = await exec('command=cat&stdin=true&stdout=true');
    cat.type('line one\n');
    cat.type('line two\n');
    cat.closeStdin();
    expect((await cat.status()).status).toBe('Success');
    expect(cat.text(1)).toBe('line one\nline two\n');
  });

  it('reads commands from stdin without a terminal, with no prompt', async () => {
    const sh = await exec('command=sh&stdin=true&stdout=true&stderr=true');
    sh.type('cd /\npwd\nexit 4\n');
    expect((await sh.status()).details?.causes?.[0]?.message).toBe('4');
    expect(sh.text(1)).toBe('/\n');
  });

  it('takes the terminal size from the resize channel', async () => {
    const sh = await exec(TTY);
    await sh.untilOutput('$ ');
    sh.send(4, JSON.stringify({ Width: 132, Height: 43 }));
    sh.type('env\r');
    await sh.untilOutput('COLUMNS=132\r\nLINES=43\r\n');
    sh.ws.close();
  });

  it('sends a large output in chunks of at most 32 KiB', async () => {
    const cat = await exec('command=cat&stdin=true&stdout=true');
    const block = Buffer.alloc(60 * 1024, 'x');
    for (let i = 0; i < 17; i++) cat.send(0, block);
    cat.closeStdin();
    await cat.status();
    const out = cat.messages.filter((m) => m.channel === 1);
    expect(out.reduce((n, m) => n + m.data.length, 0)).toBe(17 * 60 * 1024);
    expect(Math.max(...out.map((m) => m.data.length))).toBeLessThanOrEqual(32 * 1024);
    expect(out.length).toBeGreaterThanOrEqual(32);
  });

  it('ends the session with a Status when a stdin message is larger than the limit', async () => {
    const cat = await exec('command=cat&stdin=true&stdout=true');
    cat.send(0, Buffer.alloc(65 * 1024, 'x'));
    const status = await cat.status();
    expect(status).toMatchObject({ status: 'Failure', code: 413, reason: 'RequestEntityTooLarge' });
    expect(status.message).toContain('65536 bytes');
    expect(await cat.closed).toBe(1000);
  });

  it('speaks v4.channel.k8s.io too, where stdin ends only with the connection', async () => {
    const sh = await exec('command=echo&command=v4&stdout=true', ['v4.channel.k8s.io']);
    expect(sh.ws.protocol).toBe('v4.channel.k8s.io');
    expect((await sh.status()).status).toBe('Success');
    expect(sh.text(1)).toBe('v4\n');
  });
});
