import net from 'node:net';

// A loopback port free at this moment, for a server a test starts that must be told its port
// (HAProxy, a Kerberos KDC).
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}
