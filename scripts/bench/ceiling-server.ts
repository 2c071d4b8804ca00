import http from 'node:http';

// The bench's ceiling, a process of its own: a bare node:http server answering each path with the very
// bytes and headers the site sent for it (identity), from memory. Nothing can serve those responses
// faster on this machine. `node scripts/bench/ceiling-server.ts <site origin> <path>...`; prints its
// port once it listens.

const [origin, ...paths] = process.argv.slice(2);
if (!origin || paths.length === 0) {
  console.error('Usage: node scripts/bench/ceiling-server.ts <site origin> <path>...');
  process.exit(2);
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);
const responses = new Map<string, { headers: Record<string, string>; body: Buffer }>();
for (const path of paths) {
  const response = await fetch(origin + path, {
    headers: { 'User-Agent': 'Mozilla/5.0 (bench) Chrome/156.0.0.0', 'Accept-Encoding': 'identity' },
  });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !HOP_BY_HOP.has(name)));
  responses.set(path, { headers, body: Buffer.from(await response.arrayBuffer()) });
}

const server = http.createServer((req, res) => {
  const response = responses.get(req.url ?? '');
  if (!response) return void res.writeHead(404).end();
  res.writeHead(200, response.headers).end(response.body);
});
server.listen(0, '127.0.0.1', () =>
  console.log(`ceiling listening on port ${(server.address() as { port: number }).port}`),
);
process.once('SIGTERM', () => server.close(() => process.exit(0)));
