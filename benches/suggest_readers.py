"""Whether the register's suggestions slow anyone else: a register of 185,000 persons, 8 staff
clients asking for suggestions of 100-character names without pause (the longest name the
register takes), and an anonymous reader meanwhile, against the service as it runs.

The persons are written straight into the database before the service starts (as a hub's years
of registrations leave it); the service then builds its search's index at the first suggestion.
The reader's latency is measured quiet, then under the suggestions, on the tournaments' page and
the rating list. Needs the release binary (`cargo build --release`).

    python3 benches/suggest_readers.py [PERSONS]
"""
import json, os, random, shutil, socket, sqlite3, statistics, subprocess, sys, tempfile
import threading, time, urllib.error, urllib.parse, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, "target/release/oware-tournament")
PERSONS = int(sys.argv[1]) if len(sys.argv) > 1 else 185_000
READS = 3000
FIRST = ["Kwame", "Kofi", "Abɛna", "Ama", "Yaw", "Akosua", "Koffi", "Adjoua", "Esi", "Kwabena"]
LAST = ["Mensah-Bonsu", "Owusu", "N'Dri", "Dɔnkɔ", "Ogunléye", "Boateng", "Asante", "Quaye"]


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start(db, port):
    env = dict(os.environ, OWARE_ADMIN_PASSWORD="bench-password-1234", RUST_LOG="warn")
    p = subprocess.Popen([BINARY, "serve", "--bind", f"127.0.0.1:{port}", "--database", db],
                         env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/tournaments", timeout=1)
            return p
        except Exception:
            time.sleep(0.1)
    p.kill()
    raise SystemExit("the service did not start")


def request(url, cookie=None, body=None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if cookie:
        headers["Cookie"] = cookie
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, headers=headers)
    start = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            r.read()
            status, cookie_set = r.status, r.headers.get("Set-Cookie")
    except urllib.error.HTTPError as e:
        status, cookie_set = e.code, None
    return status, time.perf_counter() - start, cookie_set


def reads(base, paths, n):
    took, statuses = [], {}
    for k in range(n):
        status, t, _ = request(base + paths[k % len(paths)])
        statuses[status] = statuses.get(status, 0) + 1
        took.append(t * 1000)
    took.sort()
    return took, statuses


def summary(took):
    p99 = took[min(len(took) - 1, int(len(took) * 0.99))]
    return f"median {statistics.median(took):.1f} ms, p99 {p99:.1f} ms, worst {took[-1]:.1f} ms"


work = tempfile.mkdtemp()
db = os.path.join(work, "hub.db")
port = free_port()
base = f"http://127.0.0.1:{port}"
# The schema, made by the service itself; then the register, written as years leave it.
start(db, port).terminate()
time.sleep(1)
c = sqlite3.connect(db)
rows = []
for i in range(PERSONS):
    name = f"{FIRST[i % len(FIRST)]} {FIRST[(i // 10) % len(FIRST)]} {LAST[(i // 100) % len(LAST)]} {i}"
    key = " ".join(sorted(name.lower().replace("-", " ").replace("'", "").split()))
    rows.append((name, key, 1930 + i % 80, "GHA", "2026-01-01 00:00:00"))
c.executemany("INSERT INTO persons (name, name_key, birth_year, federation, created_at) "
              "VALUES (?, ?, ?, ?, ?)", rows)
c.commit()
c.close()
server = start(db, port)
try:
    _, _, cookie = request(base + "/api/session", body={"username": "admin",
                                                        "password": "bench-password-1234"})
    cookie = cookie.split(";")[0]
    paths = ["/tournaments", "/ratings"]
    reads(base, paths, 20)  # warm: the list computed once
    # The index built at the first suggestion, timed on its own.
    q = urllib.parse.urlencode({"name": "Kwame Mensah-Bonsu", "federation": "GHA"})
    status, built, _ = request(f"{base}/api/persons/suggest?{q}", cookie)
    assert status == 200, status
    quiet, quiet_statuses = reads(base, paths, READS)
    stop = threading.Event()
    asked = {"n": 0, "statuses": {}, "took": []}
    lock = threading.Lock()

    def suggest(seed):
        rng = random.Random(seed)
        while not stop.is_set():
            name = " ".join(rng.choice(FIRST + LAST) for _ in range(20))[:100]
            q = urllib.parse.urlencode({"name": name, "federation": "GHA"})
            status, t, _ = request(f"{base}/api/persons/suggest?{q}", cookie)
            with lock:
                asked["n"] += 1
                asked["statuses"][status] = asked["statuses"].get(status, 0) + 1
                asked["took"].append(t * 1000)

    staff = [threading.Thread(target=suggest, args=(k,)) for k in range(8)]
    for t in staff:
        t.start()
    busy, busy_statuses = reads(base, paths, READS)
    stop.set()
    for t in staff:
        t.join()
    suggestions = sorted(asked["took"])
    print(f"the first suggestion (the index built): {built * 1000:.0f} ms")
    print(f"register of {PERSONS:,} persons; 8 staff clients asking suggestions of "
          f"100-character names ({asked['n']} answered, {asked['statuses']}): {summary(suggestions)}")
    print(f"anonymous reads of /tournaments and /ratings, quiet: {summary(quiet)} {quiet_statuses}")
    print(f"the same reads during the suggestions: {summary(busy)} {busy_statuses}")
finally:
    server.terminate()
    server.wait()
    shutil.rmtree(work, ignore_errors=True)
