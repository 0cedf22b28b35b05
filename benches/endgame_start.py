"""The service's start with endgame tables, and its memory: read in place, a table costs its head.

Five times each: the release build is started on a new database file with OWARE_ENDGAME_DIR set
to DIR (then with no tables), and timed from its start to its first answer of `/`; its resident
memory (VmRSS) is read then. Build the tables first (`oware-tournament endgame build`).

    cargo build --release
    python3 benches/endgame_start.py DIR [BINARY]
"""
import os, statistics, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
tables = sys.argv[1]
binary = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "target/release/oware-tournament")


def resident(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) // 1024


def start(port, folder):
    work = tempfile.mkdtemp()
    env = dict(os.environ, DATABASE_URL=f"{work}/venue.db", OWARE_BIND=f"127.0.0.1:{port}",
               OWARE_ADMIN_PASSWORD="a-long-enough-password-1")
    env.pop("OWARE_ENDGAME_DIR", None)
    if folder:
        env["OWARE_ENDGAME_DIR"] = folder
    began = time.monotonic()
    service = subprocess.Popen([binary], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).read()
            break
        except Exception:
            if service.poll() is not None:
                sys.exit("the service stopped: run it by hand to see why")
            time.sleep(0.005)
    took = time.monotonic() - began
    memory = resident(service.pid)
    service.terminate()
    service.wait()
    return took, memory


for label, folder in [(f"with the tables of {tables}", tables), ("with no tables", None)]:
    runs = [start(18300 + i, folder) for i in range(5)]
    times = [round(t, 3) for t, _ in runs]
    print(f"{label}: start to first answer {times} s (median {statistics.median(times)} s), "
          f"resident memory {[m for _, m in runs]} MiB")
