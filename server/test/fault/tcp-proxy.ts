import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut: `cut()` drops every connection and
 * refuses new ones (a database restart, a network gone), `freeze()` keeps the open connections
 * but lets nothing through them (a cut that sends nothing: only a timeout finds it), `restore()`
 * lets new connections through again.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  /** Frozen connections: open and silent until the proxy closes. */
  const frozen = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let accepting = true;
  const server = net.createServer((client) => {
    if (!accepting) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** `url` with this proxy's port in place of the database's. */
    via(url: string) {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(port);
      return proxied.toString();
    },
    cut() {
      accepting = false;
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    freeze() {
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
        frozen.add({ client, upstream });
      }
      pairs.clear(); // new connections go through; these stay open and silent, as behind a dead network
    },
    restore() {
      accepting = true;
    },
    async close() {
      this.cut();
      for (const { client, upstream } of frozen) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
