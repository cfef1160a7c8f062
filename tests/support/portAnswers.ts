// Whether something accepts TCP connections on a loopback port: how the test runner, the API tests and the
// store contract test decide to run on PostgreSQL and Redis too (CI: they always answer) or only embedded.
import net from 'node:net';

export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 500 }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}
