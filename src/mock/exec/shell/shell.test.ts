import { describe, expect, it } from 'vitest';
import { parseLine, splitLine } from './parse.ts';
import { Shell, type ShellIO } from './shell.ts';
import { MemoryTree } from '../../files/memory-tree.ts';

function shell(options: { terminal?: boolean; env?: { name: string; value: string }[] } = {}) {
  const sh = new Shell({
    tree: new MemoryTree({ capacity: 64 * 1024 }),
    env: options.env ?? [],
    user: 'user',
    hostname: 'box',
    home: '/home/user',
    terminal: options.terminal ?? false,
  });
  const run = (line: string, stdin = '') => {
    let out = '';
    let err = '';
    const io: ShellIO = {
      out: (data) => (out += typeof data === 'string' ? data : Buffer.from(data).toString('utf8')),
      err: (text) => (err += text),
    };
    sh.runLine(line, io, Buffer.from(stdin));
    return { out, err, status: sh.status };
  };
  return { sh, run };
}

describe('parseLine', () => {
  const lookup = (name: string) => ({ HOME: '/home/user', A: 'a b', '?': '3' })[name];

  it('splits words, keeps quoted spaces and expands variables outside single quotes', () => {
    const parsed = parseLine(`echo 'x  $A' "y $A" $A \${A}z ~/f $? $NOPE ""`, lookup);
    expect(parsed).toEqual({
      ok: true,
      commands: [{ argv: ['echo', 'x  $A', 'y a b', 'a b', 'a bz', '/home/user/f', '3', ''] }],
    });
  });

  it('reads redirections, separators and comments', () => {
    expect(parseLine('echo a > f; echo b >>g # c', lookup)).toEqual({
      ok: true,
      commands: [
        { argv: ['echo', 'a'], redirect: { path: 'f', append: false } },
        { argv: ['echo', 'b'], redirect: { path: 'g', append: true } },
      ],
    });
  });

  it('refuses pipes and unterminated quotes with a message', () => {
    expect(parseLine('ls | wc', lookup)).toEqual({ ok: false, message: expect.stringContaining('pipes') });
    expect(parseLine("echo 'oops", lookup)).toMatchObject({ ok: false });
    expect(parseLine('echo >', lookup)).toMatchObject({ ok: false });
  });

  it("cuts a line at unquoted ';' and drops comments", () => {
    expect(splitLine(`echo 'a;b' "c;#d" e\\;f; ls # rm -r x`)).toEqual({
      ok: true,
      pieces: [`echo 'a;b' "c;#d" e\\;f`, ' ls '],
    });
    expect(splitLine('echo a;; ls')).toMatchObject({ ok: false });
  });
});

describe('the simulated shell', () => {
  it('starts in its home directory, with HOME, USER, PWD, HOSTNAME and the object env', () => {
    const { run } = shell({ env: [{ name: 'GREETING', value: 'hello' }] });
    expect(run('pwd').out).toBe('/home/user\n');
    const env = run('env').out;
    for (const line of ['HOME=/home/user', 'USER=user', 'PWD=/home/user', 'HOSTNAME=box', 'GREETING=hello'])
      expect(env.split('\n')).toContain(line);
    expect(run('echo "$GREETING, $USER"').out).toBe('hello, user\n');
  });

  it('writes files with > and >>, and reads them with cat, head, tail and wc', () => {
    const { run } = shell();
    run('echo one > f');
    run('echo two >> f');
    run("echo 'three four' >> f");
    expect(run('cat f').out).toBe('one\ntwo\nthree four\n');
    expect(run('head -n 1 f').out).toBe('one\n');
    expect(run('tail -2 f').out).toBe('two\nthree four\n');
    expect(run('wc -l f').out).toBe('3 f\n');
    expect(run('wc f').out).toBe(' 3  4 19 f\n');
    expect(run('echo x > f').status).toBe(0);
    expect(run('cat f').out).toBe('x\n');
  });

  it('reads stdin when cat, wc or head is given no file', () => {
    const { run } = shell();
    expect(run('cat', 'a\nb\n').out).toBe('a\nb\n');
    expect(run('wc -l', 'a\nb\n').out).toBe('2\n');
    expect(run('wc', 'a b\n').out).toBe('      1       2       4\n');
  });

  it('makes, lists, enters and removes directories', () => {
    const { run } = shell();
    expect(run('mkdir a/b').err).toBe("mkdir: cannot create directory 'a/b': No such file or directory\n");
    expect(run('mkdir -p a/b').status).toBe(0);
    run('touch a/b/c .hidden');
    expect(run('ls').out).toBe('a\n');
    expect(run('ls -a').out).toBe('.\n..\n.hidden\na\n');
    expect(run('ls -l a').out).toMatch(/^total 4\ndrwxr-xr-x 1 user user 4096 \w{3} [ \d]\d \d\d:\d\d b\n$/);
    expect(run('cd a/b').status).toBe(0);
    expect(run('pwd').out).toBe('/home/user/a/b\n');
    expect(run('cd ..; pwd').out).toBe('/home/user/a\n');
    expect(run('cd /nowhere')).toMatchObject({ status: 1, err: 'sh: cd: /nowhere: No such file or directory\n' });
    expect(run('cd; rm a')).toMatchObject({ status: 1, err: "rm: cannot remove 'a': Is a directory\n" });
    expect(run('rm -r a').status).toBe(0);
    expect(run('ls a')).toMatchObject({ status: 2, err: "ls: cannot access 'a': No such file or directory\n" });
    expect(run('rm -f a').status).toBe(0);
  });

  it('lists names on one line for a terminal', () => {
    const { run } = shell({ terminal: true });
    run('touch x y');
    expect(run('ls').out).toBe('x  y\n');
  });

  it('says command not found with status 127, and keeps $?', () => {
    const { run } = shell();
    expect(run('foo bar')).toEqual({ out: '', err: 'sh: foo: command not found\n', status: 127 });
    expect(run('echo $?').out).toBe('127\n');
    expect(run('false; echo $?').out).toBe('1\n');
  });

  it('exits with the status given, a byte of it', () => {
    const { sh, run } = shell();
    run('exit 300');
    expect(sh.exitCode).toBe(44);
    const other = shell();
    other.run('exit nope');
    expect(other.sh.exitCode).toBe(2);
  });

  it('says why a redirection fails', () => {
    const { run } = shell();
    expect(run('echo a > /no/such/f')).toMatchObject({ status: 1, err: 'sh: /no/such/f: No such file or directory\n' });
    run('mkdir d');
    expect(run('echo a > d')).toMatchObject({ status: 1, err: 'sh: d: Is a directory\n' });
  });

  it('says when the disk is full', () => {
    const { run } = shell();
    run('echo 0123456789 > f');
    for (let i = 0; i < 30 && run('cat f >> f').status === 0; i++);
    expect(run('cat f >> f')).toMatchObject({ status: 1, err: 'sh: f: No space left on device\n' });
  });
});
