/**
 * A Function's log: a request log. Uvicorn-style access lines with status codes in colour and latencies, the
 * autoscaler changing replicas, cold starts, the odd 500 with its exception, inputs in many scripts, requests
 * whose path holds HTML, and now and then a request body dumped at 12 kB.
 */
import { between, hash, unit } from '../random.ts';
import { ERROR, INFO, WARN, dim, green, hexId, htmlSample, ip, longLine, red, unicodeSample, yellow } from '../text.ts';
import { sigterm, str, type Ending, type Script, type Subject } from './script.ts';

export function functionScript(subject: Subject): Script {
  const { seed, spec } = subject;
  const handler = str(spec.handler, 'app.handler');
  const route = `/${handler.split(/[.:]/).pop() === 'handler' ? '' : handler.split(/[.:]/).pop()}`;
  const minReplicas = Math.max(1, Number(spec.minReplicas ?? 1));
  const maxReplicas = Math.max(minReplicas, Number(spec.maxReplicas ?? 10));
  const replica = (j: number): string =>
    `${subject.name}-${hexId(seed, 0, 70, 5)}-${hash(seed, Math.floor(j / 500), 71) % maxReplicas}`;

  const header = [
    dim(
      `[nodus] ${subject.kind} ${subject.namespace}/${subject.name}: ${str(spec.image, 'image')}, handler ${handler}, ${minReplicas}–${maxReplicas} replicas`,
    ),
    `${INFO}:     Started server process [7]`,
    `${INFO}:     Waiting for application startup.`,
    `${INFO}:     Loading handler ${handler} (model weights 2.3 GB) … done in 8.4s`,
    `${INFO}:     Application startup complete.`,
    `${INFO}:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)`,
    `${INFO}:     warm-up request: ${unicodeSample(0)} → 200 (${unicodeSample(unit(seed, 0, 72))})`,
    `${WARN}:  rejected input (kept as text): ${htmlSample(0)}`,
    `DEBUG:    first request body: ${longLine('{"inputs": ', seed, 0, 10_500)}`,
  ];

  const line = (j: number): string => {
    const u = unit(seed, j, 73);
    const client = `${ip(seed, j, 74)}:${between(30000, 65000, unit(seed, j, 75))}`;
    const ms = (4 + unit(seed, j, 76) * 40).toFixed(1);
    const tail = dim(` ${ms}ms replica=${replica(j)}`);
    if (u < 0.0006) return `DEBUG:    request body: ${longLine('{"inputs": ', seed, j)}`;
    if (u < 0.004) {
      const from = between(minReplicas, maxReplicas, unit(seed, j, 77));
      const to = Math.max(minReplicas, Math.min(maxReplicas, from + (unit(seed, j, 78) < 0.5 ? -1 : 1)));
      return dim(`[nodus] autoscaler: ${from} → ${to} replicas (queue depth ${hash(seed, j, 79) % 64})`);
    }
    if (u < 0.006)
      return `${INFO}:     cold start on ${replica(j)}: image cached, handler loaded in ${(3 + unit(seed, j, 80) * 9).toFixed(1)}s`;
    if (u < 0.016)
      return `${INFO}:     embed: ${between(1, 64, unit(seed, j, 81))} inputs, first=${JSON.stringify(unicodeSample(unit(seed, j, 82)))}`;
    if (u < 0.028)
      return `${INFO}:     ${client} - "GET ${route}?q=${htmlSample(unit(seed, j, 83))} HTTP/1.1" ${yellow('400 Bad Request')}${tail}`;
    if (u < 0.043) return `${INFO}:     ${client} - "POST ${route} HTTP/1.1" ${yellow('429 Too Many Requests')}${tail}`;
    if (u < 0.05)
      return `${ERROR}:    Exception in ASGI application: RuntimeError: CUDA error: device-side assert triggered (request ${hexId(seed, j, 84, 16)}) → ${red('500 Internal Server Error')}`;
    return `${INFO}:     ${client} - "POST ${route} HTTP/1.1" ${green('200 OK')}${tail}`;
  };

  const farewell = (ending: Ending): string[] => [
    ...sigterm(ending),
    ...(ending.phase === 'Failed'
      ? []
      : [
          `${INFO}:     Shutting down`,
          `${INFO}:     Waiting for application shutdown.`,
          `${INFO}:     Finished server process [7]`,
        ]),
  ];

  return { header, rate: 3, line, farewell };
}
