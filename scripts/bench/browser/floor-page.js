/**
 * The least a page could do to show a streamed list's first rows: the floor the console's cold start is set
 * beside. Served by the benchmark's console server as /bench-floor.html (a tiny document and this one small classic
 * script: no framework, no styles), it asks for the list the console asked for (`list`, with `accept` and `key`),
 * reads until it has the first `rows` rows, and puts them in a table named `label`, which the collector's milestone
 * for the first row sees as it sees the console's. Plain browser JavaScript, copied as it is (console-server.ts):
 * no Node-side transform reaches the page.
 */
(async () => {
  const query = new URLSearchParams(location.search);
  const want = Number(query.get('rows') || 30);
  const response = await fetch(query.get('list'), {
    headers: { Authorization: `Bearer ${query.get('key')}`, Accept: query.get('accept') || 'application/json' },
  });
  if (!response.ok) throw new Error(`the bare page's list: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const cells = [];
  let columns = [];
  // Lines are split on the bytes and only those needed are decoded: a first chunk can hold megabytes.
  let pending = new Uint8Array(0);
  while (cells.length < want) {
    const { done, value } = await reader.read();
    if (done) break;
    let bytes = value;
    if (pending.length > 0) {
      bytes = new Uint8Array(pending.length + value.length);
      bytes.set(pending);
      bytes.set(value, pending.length);
    }
    let from = 0;
    for (let end = bytes.indexOf(10); end >= 0 && cells.length < want; end = bytes.indexOf(10, from)) {
      const line = decoder.decode(bytes.subarray(from, end));
      from = end + 1;
      if (!line.trim()) continue;
      const table = JSON.parse(line).object;
      if (table.columnDefinitions) columns = table.columnDefinitions.map((c) => c.name);
      for (const row of table.rows || []) if (cells.length < want) cells.push(row.cells);
    }
    pending = bytes.slice(from);
  }
  reader.cancel().catch(() => undefined);
  const table = document.createElement('table');
  table.setAttribute('aria-label', query.get('label') || 'Jobs');
  const head = table.createTHead().insertRow();
  for (const name of columns) head.appendChild(document.createElement('th')).textContent = name;
  const body = table.createTBody();
  for (const row of cells) {
    const tr = body.insertRow();
    for (const cell of row) tr.insertCell().textContent = String(cell);
  }
  document.body.appendChild(table);
})();
