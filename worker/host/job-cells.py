"""Prints a job's cells and their points as one table, from a running api: thread model, JDK,
level, throughput, p95 latency, CPU per request and of the limit, errors, the load
generator's CPU and the point's flags per run and level. Used by helm/k8s-e2e.sh and
worker/host/compose-test.sh to report (and compare) what a job measured.

    python3 worker/host/job-cells.py API_URL TOKEN JOB_ID [--json FILE]

--json also writes the rows as JSON (for comparing two runs of the same job on two engines).
"""
import json
import sys
import urllib.request


def get(api, token, path):
    request = urllib.request.Request(api + path, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def rows(api, token, job):
    result = []
    for run in get(api, token, f"/api/v1/jobs/{job}/runs")["items"]:
        for point in get(api, token, f"/api/v1/runs/{run['id']}/points")["items"]:
            latency = point.get("latencyMs") or {}
            cpu = point.get("cpu") or {}
            result.append({
                "run": run["id"], "threadModel": run["threadModel"], "jdk": run["jdk"], "attempt": run["attempt"],
                "level": point["level"], "throughputRps": point["throughputRps"],
                "p95Ms": latency.get("p95"), "cpuMsPerRequest": cpu.get("msPerRequest"),
                "cpuPercentOfLimit": cpu.get("percentOfLimit"),
                "loadgenCpuPercent": (point.get("loadGenerator") or {}).get("cpuPercent"),
                "flags": point.get("flags") or [],
                "errors": point["errors"], "requests": point["requests"],
            })
    return sorted(result, key=lambda r: (r["threadModel"], r["jdk"], r["level"]))


def main(argv):
    if len(argv) not in (4, 6) or (len(argv) == 6 and argv[4] != "--json"):
        print(__doc__, file=sys.stderr)
        return 2
    api, token, job = argv[1].rstrip("/"), argv[2], argv[3]
    table = rows(api, token, job)
    print(f"{'model':<9} {'jdk':>3} {'level':>5} {'req/s':>8} {'p95 ms':>8} {'cpu ms/req':>10} {'cpu %':>6} "
          f"{'errors':>6} {'attempt':>7} {'gen cpu %':>9}  flags")
    for r in table:
        p95 = "-" if r["p95Ms"] is None else f"{r['p95Ms']:.1f}"
        ms = "-" if r["cpuMsPerRequest"] is None else f"{r['cpuMsPerRequest']:.3f}"
        pct = "-" if r["cpuPercentOfLimit"] is None else f"{r['cpuPercentOfLimit']:.1f}"
        gen = "-" if r["loadgenCpuPercent"] is None else f"{r['loadgenCpuPercent']:.1f}"
        print(f"{r['threadModel']:<9} {r['jdk']:>3} {r['level']:>5} {r['throughputRps']:>8.1f} {p95:>8} {ms:>10} {pct:>6} "
              f"{r['errors']:>6} {r['attempt']:>7} {gen:>9}  {','.join(r['flags'])}")
    if len(argv) == 6:
        with open(argv[5], "w") as out:
            json.dump(table, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
