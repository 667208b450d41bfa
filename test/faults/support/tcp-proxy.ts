import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** The same URL with its host and port replaced by this proxy's. */
  rewrite: (url: string) => string;
  /** Drops every open connection and resets every new one: the database is gone. */
  cut: () => void;
  /** Accepts and forwards again: the database is back. */
  restore: () => void;
  /** Connections currently open through the proxy. */
  openConnections: () => number;
  close: () => Promise<void>;
};

/**
 * A TCP proxy on 127.0.0.1 in front of `target` that the test can cut and restore, so a server
 * process can lose its database and get it back without touching the database itself.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let isCut = false;

  const server = net.createServer((client) => {
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = [client, upstream];
    for (const socket of pair) {
      open.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        open.delete(socket);
        for (const other of pair) if (other !== socket) other.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  const dropAll = () => {
    for (const socket of open) socket.resetAndDestroy();
    open.clear();
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
      isCut = true;
      dropAll();
    },
    restore: () => {
      isCut = false;
    },
    openConnections: () => open.size,
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
