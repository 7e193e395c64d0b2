/**
 * A self-signed certificate for the mock's HTTPS port. kubectl (client-go) never sends a bearer token over
 * plain HTTP, so kubectl talks to the HTTPS port; browsers and curl may use either.
 * Made once with Debian's openssl and kept in a directory (NODUS_MOCK_TLS_DIR, default a temp folder).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Certificate {
  key: Buffer;
  cert: Buffer;
  certPath: string;
}

export function defaultTlsDir(): string {
  return join(tmpdir(), 'nodus-mock-tls');
}

export function ensureCertificate(dir = defaultTlsDir()): Certificate {
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  if (!existsSync(keyPath) || !existsSync(certPath)) {
    mkdirSync(dir, { recursive: true });
    // Write under temporary names and rename, so that two servers starting at once never read half a file.
    const suffix = `.${process.pid}.tmp`;
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '3650',
        '-subj',
        '/CN=nodus-mock',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        keyPath + suffix,
        '-out',
        certPath + suffix,
      ],
      { stdio: 'pipe' },
    );
    renameSync(keyPath + suffix, keyPath);
    renameSync(certPath + suffix, certPath);
  }
  return { key: readFileSync(keyPath), cert: readFileSync(certPath), certPath };
}
