import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** The same URL with its host and port replaced by this proxy's. */
  rewrite: (url: string) => string;
  /** Resets every open connection and every new one: the database is down. */
  cut: () => void;
  /**
   * Stops passing bytes either way and leaves new connections unanswered, closing nothing:
   * a network that drops packets, where no reset ever arrives.
   */
  freeze: () => void;
  /** Passes bytes again, held ones included: the database is back. */
  restore: () => void;
  close: () => Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket };

/**
 * A TCP proxy on 127.0.0.1 in front of `target` that the test can cut, freeze and restore, so a
 * server process can lose its database and get it back without touching the database itself.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let mode: 'open' | 'cut' | 'frozen' = 'open';

  const link = ({ client, upstream }: Pair) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const unlink = ({ client, upstream }: Pair) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const reset = (socket: net.Socket) => {
    if (socket.destroyed) return;
    if (socket.connecting) socket.destroy();
    else socket.resetAndDestroy();
  };

  const server = net.createServer((client) => {
    if (mode === 'cut') {
      reset(client);
      return;
    }
    const pair = { client, upstream: net.connect(target.port, target.host) };
    pairs.add(pair);
    for (const socket of [pair.client, pair.upstream]) {
      socket.on('error', () => {});
      socket.on('close', () => {
        pairs.delete(pair);
        pair.client.destroy();
        pair.upstream.destroy();
      });
    }
    if (mode === 'open') link(pair);
    else unlink(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  const dropAll = () => {
    for (const { client, upstream } of pairs) {
      reset(client);
      reset(upstream);
    }
    pairs.clear();
  };
  return {
    port,
    rewrite: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    cut: () => {
      mode = 'cut';
      dropAll();
    },
    freeze: () => {
      mode = 'frozen';
      for (const pair of pairs) unlink(pair);
    },
    restore: () => {
      const wasFrozen = mode === 'frozen';
      mode = 'open';
      if (wasFrozen) for (const pair of pairs) link(pair);
    },
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
