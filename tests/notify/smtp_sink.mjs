// An SMTP server on loopback for the notify tests (RFC 5321, with RFC 3207 STARTTLS and RFC 4954
// AUTH PLAIN/LOGIN), written with node:net and node:tls only, independently of the server's C++.
//
//   node smtp_sink.mjs RECORDS_FILE [--user U --password P] [--mechanisms "PLAIN LOGIN"] [--no-8bitmime]
//                      [--tls-key KEY.pem --tls-cert CERT.pem] [--fail-first]
// prints {"port"} once listening, then appends one JSON line per accepted message to RECORDS_FILE:
// {from, to, user, tls, mail_params, data} (data un-dot-stuffed, CRLF kept). With --user, MAIL is
// refused (530) until AUTH succeeded; with --tls-key, STARTTLS is offered and AUTH only after it;
// --fail-first answers the first message's end of DATA with 451 (a temporary failure).
import fs from 'node:fs';
import net from 'node:net';
import tls from 'node:tls';

const args = process.argv.slice(2);
const records = args[0];
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const user = opt('--user');
const password = opt('--password');
const mechanisms = opt('--mechanisms') || 'PLAIN LOGIN';
const eightBit = !args.includes('--no-8bitmime');
const tlsKey = opt('--tls-key');
const tlsCert = opt('--tls-cert');
let failFirst = args.includes('--fail-first');

function session(socket) {
  let secure = false;
  let state = { from: null, to: [], user: null, mail_params: '' };
  let mode = 'command';  // command | data | auth-login-user | auth-login-password
  let loginUser = '';
  let data = [];
  let buffer = '';
  let stream = socket;

  const send = (line) => stream.write(line + '\r\n');
  const ehlo = () => {
    const lines = ['sink.test'];
    if (eightBit) lines.push('8BITMIME');
    if (tlsKey && !secure) lines.push('STARTTLS');
    if (user && (!tlsKey || secure)) lines.push(`AUTH ${mechanisms}`);
    lines.push('SIZE 1000000');
    lines.forEach((l, i) => send(`250${i + 1 < lines.length ? '-' : ' '}${l}`));
  };
  const authOk = (u, p) => {
    if (u === user && p === password) {
      state.user = u;
      send('235 2.7.0 accepted');
    } else {
      send('535 5.7.8 bad credentials');
    }
  };

  const line = (text) => {
    if (mode === 'data') {
      if (text === '.') {
        mode = 'command';
        if (failFirst) {
          failFirst = false;
          send('451 4.3.0 try again later');
          state = { from: null, to: [], user: state.user, mail_params: '' };
          return;
        }
        const message = data.map((l) => (l.startsWith('.') ? l.slice(1) : l)).join('\r\n') + '\r\n';
        fs.appendFileSync(records, JSON.stringify({ from: state.from, to: state.to, user: state.user, tls: secure,
                                                    mail_params: state.mail_params, data: message }) + '\n');
        send('250 2.0.0 queued');
        state = { from: null, to: [], user: state.user, mail_params: '' };
      } else {
        data.push(text);
      }
      return;
    }
    if (mode === 'auth-login-user') {
      loginUser = Buffer.from(text, 'base64').toString();
      mode = 'auth-login-password';
      send('334 UGFzc3dvcmQ6');
      return;
    }
    if (mode === 'auth-login-password') {
      mode = 'command';
      authOk(loginUser, Buffer.from(text, 'base64').toString());
      return;
    }
    const verb = text.split(' ')[0].toUpperCase();
    if (verb === 'EHLO') ehlo();
    else if (verb === 'HELO') send('250 sink.test');
    else if (verb === 'STARTTLS' && tlsKey && !secure) {
      send('220 2.0.0 go ahead');
      socket.removeAllListeners('data');
      const secured = new tls.TLSSocket(socket, { isServer: true, key: fs.readFileSync(tlsKey), cert: fs.readFileSync(tlsCert) });
      secure = true;
      stream = secured;
      buffer = '';
      state = { from: null, to: [], user: null, mail_params: '' };
      secured.on('data', onData);
      secured.on('error', () => {});
    } else if (verb === 'AUTH') {
      const [, mech, initial] = text.split(' ');
      if (!user || (tlsKey && !secure)) send('503 5.5.1 AUTH not offered');
      else if (mech.toUpperCase() === 'PLAIN' && mechanisms.includes('PLAIN') && initial) {
        const [, u, p] = Buffer.from(initial, 'base64').toString().split('\0');
        authOk(u, p);
      } else if (mech.toUpperCase() === 'LOGIN' && mechanisms.includes('LOGIN')) {
        mode = 'auth-login-user';
        send('334 VXNlcm5hbWU6');
      } else send('504 5.5.4 mechanism not supported');
    } else if (verb === 'MAIL') {
      if (user && !state.user) return send('530 5.7.0 authentication required');
      const m = /^MAIL FROM:<([^>]*)>(.*)$/i.exec(text);
      if (!m) return send('501 5.5.4 syntax');
      state.from = m[1];
      state.mail_params = m[2].trim();
      send('250 2.1.0 ok');
    } else if (verb === 'RCPT') {
      const m = /^RCPT TO:<([^>]+)>$/i.exec(text);
      if (!m || state.from === null) return send('503 5.5.1 MAIL first');
      state.to.push(m[1]);
      send('250 2.1.5 ok');
    } else if (verb === 'DATA') {
      if (state.to.length === 0) return send('503 5.5.1 RCPT first');
      mode = 'data';
      data = [];
      send('354 end with <CRLF>.<CRLF>');
    } else if (verb === 'RSET') {
      state = { from: null, to: [], user: state.user, mail_params: '' };
      send('250 2.0.0 ok');
    } else if (verb === 'NOOP') send('250 2.0.0 ok');
    else if (verb === 'QUIT') {
      send('221 2.0.0 bye');
      stream.end();
    } else send('500 5.5.2 unknown command');
  };

  function onData(chunk) {
    buffer += chunk.toString('binary');
    let i;
    while ((i = buffer.indexOf('\r\n')) >= 0) {
      const text = Buffer.from(buffer.slice(0, i), 'binary').toString('utf8');
      buffer = buffer.slice(i + 2);
      line(text);
      if (stream !== socket && buffer === '' && secure && text.toUpperCase() === 'STARTTLS') return;
    }
  }
  socket.on('data', onData);
  socket.on('error', () => {});
  send('220 sink.test ESMTP ready');
}

const server = net.createServer(session);
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\n'));
process.on('SIGTERM', () => process.exit(0));
