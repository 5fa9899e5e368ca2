// A Web Push endpoint on loopback for the notify tests, written with node:crypto only, independently
// of the server's C++: it makes a subscriber's key pair and auth secret, and for every POST it checks
// the VAPID header (RFC 8292: the ES256 signature with the key in k=, aud, exp, sub) and decrypts the
// body (RFC 8291 with RFC 8188's aes128gcm) with the subscriber's private key.
//
//   node push_endpoint.mjs RECORDS_FILE
// prints one line {"port", "p256dh", "auth"} once listening, then appends one JSON line per request
// to RECORDS_FILE: {path, status, ttl, urgency, topic, encoding, vapid_ok, claims, k, plaintext, error}.
// The answer depends on the path: /gone/... 410, /missing/... 404, /flaky/... 500 the first time then
// 201, /forbidden/... 403, anything else 201.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';

const records = process.argv[2];
const ecdh = crypto.createECDH('prime256v1');
ecdh.generateKeys();
const uaPublic = ecdh.getPublicKey();  // 65 bytes, uncompressed
const authSecret = crypto.randomBytes(16);
const seen = new Map();

const hmac = (key, data) => crypto.createHmac('sha256', key).update(data).digest();

function decrypt(body) {
  if (body.length < 21 + 65 + 17) throw new Error(`body too short: ${body.length} bytes`);
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not a P-256 point`);
  if (record.length > rs) throw new Error(`a record of ${record.length} bytes is over rs ${rs}`);
  const shared = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, shared);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length;
  while (end > 0 && padded[end - 1] === 0) end--;
  if (end === 0 || padded[end - 1] !== 2) throw new Error('no last-record delimiter (0x02)');
  return padded.subarray(0, end - 1).toString('utf8');
}

function checkVapid(header, port) {
  const m = /^vapid t=([A-Za-z0-9_\-.]+), k=([A-Za-z0-9_-]+)$/.exec(header || '');
  if (!m) throw new Error(`Authorization is not "vapid t=..., k=...": ${header}`);
  const [h, p, s] = m[1].split('.');
  const k = Buffer.from(m[2], 'base64url');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString());
  if (head.alg !== 'ES256' || head.typ !== 'JWT') throw new Error(`JWT header ${JSON.stringify(head)}`);
  if (k.length !== 65 || k[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: k.subarray(1, 33).toString('base64url'), y: k.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('the JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  const now = Date.now() / 1000;
  if (claims.aud !== `http://127.0.0.1:${port}`) throw new Error(`aud ${claims.aud}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600 + 60)) throw new Error(`exp ${claims.exp}`);
  if (!/^(mailto:|https?:)/.test(claims.sub || '')) throw new Error(`sub ${claims.sub}`);
  return { claims, k: m[2] };
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const path = req.url;
    let status = 201;
    if (path.startsWith('/gone/')) status = 410;
    else if (path.startsWith('/missing/')) status = 404;
    else if (path.startsWith('/forbidden/')) status = 403;
    else if (path.startsWith('/flaky/') && !seen.has(path)) status = 500;
    seen.set(path, (seen.get(path) || 0) + 1);
    const out = {
      path, status, method: req.method, ttl: req.headers.ttl, urgency: req.headers.urgency, topic: req.headers.topic,
      encoding: req.headers['content-encoding'], vapid_ok: false,
    };
    try {
      const v = checkVapid(req.headers.authorization, server.address().port);
      out.vapid_ok = true;
      out.claims = v.claims;
      out.k = v.k;
      out.plaintext = decrypt(Buffer.concat(chunks));
    } catch (e) {
      out.error = String(e.message || e);
      if (status === 201) status = out.status = 400;
    }
    fs.appendFileSync(records, JSON.stringify(out) + '\n');
    res.writeHead(status, { 'Content-Type': 'text/plain' });
    res.end(status === 201 ? '' : `status ${status}${out.error ? ': ' + out.error : ''}`);
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({
    port: server.address().port, p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url'),
  }) + '\n');
});
process.on('SIGTERM', () => process.exit(0));
