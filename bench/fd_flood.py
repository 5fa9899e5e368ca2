#!/usr/bin/env python3
# Descriptor exhaustion, measured (docs/security.md, "HTTP and descriptors"): starts catan-server with a
# descriptor limit of 256 (soft and hard), opens 400 idle TCP connections from 127.0.0.1, then asks
# /healthz from 127.0.0.2 and prints whether and how fast it was answered, and how many of the idle
# connections the server gave up (answered or closed). Prints figures; passes or fails nothing.
#   python3 bench/fd_flood.py build/release/catan-server [serve flags ...]
import os, resource, select, socket, subprocess, sys, time

binary, extra = sys.argv[1], sys.argv[2:]
port_file = "/tmp/fd_flood_port_%d" % os.getpid()


def limit():
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))


server = subprocess.Popen([binary, "serve", "--listen", "127.0.0.1:0", "--port-file", port_file, "--threads", "2",
                           "--log-level", "error", "--no-persist"] + extra, preexec_fn=limit)
try:
    port = None
    for _ in range(500):
        try:
            port = int(open(port_file).read())
            break
        except (OSError, ValueError):
            time.sleep(0.01)
    flood = []
    for _ in range(400):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        s.connect(("127.0.0.1", port))
        flood.append(s)
    time.sleep(0.5)
    start = time.time()
    health = socket.socket()
    health.bind(("127.0.0.2", 0))
    health.settimeout(3)
    health.connect(("127.0.0.1", port))
    health.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    try:
        line = health.recv(200).split(b"\r\n")[0].decode()
        print("healthz from 127.0.0.2: %s after %.3f s" % (line, time.time() - start))
    except OSError as e:
        print("healthz from 127.0.0.2: no answer (%s) after %.3f s" % (e, time.time() - start))
    readable, _, _ = select.select(flood, [], [], 0.5)
    print("idle connections from 127.0.0.1 given up by the server: %d of %d" % (len(readable), len(flood)))
    # 20 more from the flooding address, each timed from connect until the server closes it.
    times = []
    for _ in range(20):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        s.settimeout(10)
        t = time.time()
        s.connect(("127.0.0.1", port))
        try:
            answer = b""
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                answer += chunk
        except OSError:
            pass
        times.append(time.time() - t)
        s.close()
    times.sort()
    print("one more connection from 127.0.0.1: closed after %.1f ms (median), %.1f ms (max)"
          % (1000 * times[len(times) // 2], 1000 * times[-1]))
finally:
    server.kill()
    server.wait()
    if os.path.exists(port_file):
        os.remove(port_file)
