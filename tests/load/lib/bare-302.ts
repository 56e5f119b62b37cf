/** The baseline: a bare node:http server answering a fixed 302 (same machine, same Node). Prints its port. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const server = http.createServer((_req, res) => {
  res.writeHead(302, { location: 'http://127.0.0.1:9/uc?id=1AbCdEfGhIjKlMnOpQrStUvWxYz012345&export=download' });
  res.end();
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
