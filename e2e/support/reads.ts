/**
 * The reads of whole objects a page makes from now on, in one project and kind: a GET of one (its name) or a
 * list (`<plural>?<query>`). Left out: the table's own list and watch (rows, `as=Table`), watches, and the
 * sidebar's counts (a page of one).
 */
import type { Page } from '@playwright/test';

export function recordWholeReads(page: Page, project: string, plural: string): string[] {
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (
      r.method() !== 'GET' ||
      !url.pathname.includes(`/namespaces/${project}/${plural}`) ||
      url.searchParams.has('watch') ||
      url.searchParams.get('limit') === '1' ||
      (r.headers().accept ?? '').includes('as=Table')
    )
      return;
    const last = url.pathname.split('/').pop()!;
    reads.push(last === plural ? `${last}?${url.searchParams.toString()}` : last);
  });
  return reads;
}
