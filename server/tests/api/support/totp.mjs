import { createHmac } from 'node:crypto';

// The codes an authenticator app shows (RFC 6238, SHA-1, 30 s, six digits), for a secret as the
// setup gives it: base32 in groups of four.
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Bytes(text) {
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export const stepNow = () => Math.floor(Date.now() / 30_000);

export function totp(secret, step = stepNow()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[19] & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}
