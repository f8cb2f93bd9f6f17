#!/usr/bin/env python3
"""bench calibrate: measure this host's own noise and store it as the platform's noise profiles.

    ./bench calibrate [--api URL] [--repetitions N] [--pairs K] [--inject PCT] [--neighbour] [--scenario io-http|cpu]

Submits a reference job, then K jobs identical to it and one whose work is PCT percent larger (the
known injected effect: io-http's upstream delay, or cpu's prime-counting work), each with the
reference as its paired baseline: each measures the reference's cells again beside its own runs. From
the same jobs it computes two profiles (POST /api/v1/calibrations, an admin token), one per way of
comparing: stored (each candidate's own runs against the reference job's stored runs, taken before)
and paired (against the cells measured again beside them), and prints them side by side per gate
metric and level: the false-alarm rate, the minimum detectable effect for N repetitions (N pairs), and
whether the injected effect was detected. With --neighbour, busy loops run on every core of the host
while the candidates run and never while the reference does: a noisy neighbour that a stored
comparison blames on the app. Method: docs/statistics.md, "Calibration".

Exit codes: 0 profiles stored, 1 usage or api error, 3 a calibration job did not succeed, 4 timed out.
The token comes from --token, else $BENCH_TOKEN, else <data dir>/admin-token. Only the Python standard
library is used (and the docker CLI for --neighbour).
"""
import argparse
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from submit import Api, ApiError, default_token, progress_line  # noqa: E402

EXIT_OK, EXIT_ERROR, EXIT_JOB_FAILED, EXIT_TIMEOUT = 0, 1, 3, 4


def parse_args(argv):
    p = argparse.ArgumentParser(prog="./bench calibrate", description=__doc__.split("\n\n")[0])
    p.add_argument("--api", default=os.environ.get("BENCH_API_URL", "http://127.0.0.1:8080"))
    p.add_argument("--token", default=None)
    p.add_argument("--repetitions", type=int, default=3,
                   help="repetitions per cell (pairs, when paired), as the jobs to judge use (default 3)")
    p.add_argument("--pairs", type=int, default=2, help="A/A comparisons: K jobs identical to the reference (default 2)")
    p.add_argument("--inject", type=float, default=5.0, help="the injected slowdown in percent (default 5; 0: none)")
    p.add_argument("--scenario", choices=["io-http", "cpu"], default="io-http",
                   help="io-http: waits on nginx (I/O-bound); cpu: counts primes (CPU-bound)")
    p.add_argument("--delay-ms", type=int, default=100, help="io-http's upstream delay (default 100)")
    p.add_argument("--limit", type=int, default=1000000,
                   help="cpu's prime limit (default 1000000: ~57 ms of CPU per request on the 2-core development "
                        "host, nearly all of it the counting that --inject scales)")
    p.add_argument("--level", type=int, default=None, help="the concurrency measured (default 20 for io-http, 2 for cpu)")
    p.add_argument("--thread-models", default="platform,virtual", help="comma-separated (default platform,virtual)")
    p.add_argument("--jdk", type=int, default=25)
    p.add_argument("--step-seconds", type=int, default=10)
    p.add_argument("--warmup-seconds", type=int, default=5)
    p.add_argument("--mode", choices=["both", "stored", "paired"], default="both",
                   help="the profiles to compute (default both; stored alone submits no paired baselines)")
    p.add_argument("--neighbour", action="store_true",
                   help="busy loops on every core while the candidates run (not while the reference does)")
    p.add_argument("--timeout", type=float, default=7200, help="seconds to wait for the jobs (default 7200)")
    p.add_argument("--poll-interval", type=float, default=5)
    args = p.parse_args(argv)
    if args.level is None:
        args.level = 20 if args.scenario == "io-http" else 2
    if args.repetitions < 1 or args.pairs < 1 or args.inject < 0 or args.delay_ms < 1 or args.level < 1 \
            or args.limit < 1000:
        p.error("--repetitions, --pairs, --delay-ms and --level must be at least 1, --limit 1000, --inject at least 0")
    if args.mode != "stored" and args.repetitions < 2:
        p.error("paired comparisons need at least 2 pairs: --repetitions 2 or more")
    return args


def scenario(args, effect_percent):
    """The scenario with `effect_percent` more work per request: a longer upstream delay, or a higher
    prime limit (trial division does about limit^1.5 / ln(limit) work, so the limit grows by less)."""
    if args.scenario == "io-http":
        return {"name": "io-http", "params": {"delayMs": round(args.delay_ms * (1 + effect_percent / 100.0))}}
    target = 1 + effect_percent / 100.0
    limit = args.limit
    while effect_percent > 0 and (limit / args.limit) ** 1.5 * math.log(args.limit) / math.log(limit) < target:
        limit += max(1, args.limit // 2000)
    return {"name": "cpu", "params": {"limit": limit}}


def work_ratio(args, spec):
    """The work of `spec`'s requests against the reference's, in percent more (what was injected)."""
    if args.scenario == "io-http":
        return 100.0 * (spec["params"]["delayMs"] - args.delay_ms) / args.delay_ms
    limit = spec["params"]["limit"]
    return 100.0 * ((limit / args.limit) ** 1.5 * math.log(args.limit) / math.log(limit) - 1)


def job_body(args, effect_percent, role, stamp, baseline_id=None):
    body = {
        "threadModels": [m.strip() for m in args.thread_models.split(",") if m.strip()],
        "jdks": [args.jdk],
        "scenario": scenario(args, effect_percent),
        "load": {"model": "closed", "levels": [args.level], "stepSeconds": args.step_seconds,
                 "warmupSeconds": args.warmup_seconds},
        "limits": {"cpus": 1.0, "memoryMb": 512},
        "platform": {"maxThreads": max(20, 2 * args.level)},
        "repetitions": args.repetitions,
        "labels": {"purpose": "calibration", "calibration": stamp, "role": role},
    }
    if baseline_id is not None:
        # no confirmation: a calibration measures single comparisons, as the gate's first look makes them
        body["baseline"] = {"jobId": baseline_id, "mode": "paired"}
        body["gate"] = {"confirm": {"extraRepetitions": 0}, "includeNotSteady": True}
    return body


NEIGHBOUR_LABEL = "dev.jvmbench.calibrate=neighbour"


def docker(*args):
    return subprocess.run(("docker",) + args, check=True, capture_output=True, text=True, timeout=60).stdout


def start_neighbour(say):
    """As many busy loops as the host has cores, in a labelled container that ends by itself in 2 hours."""
    loops = os.cpu_count() or 1
    docker("run", "-d", "--rm", "--network", "host", "--label", NEIGHBOUR_LABEL, "jvmbench/base:trixie",
           "timeout", "7200", "bash", "-c", "for i in $(seq %d); do (while :; do :; done) & done; wait" % loops)
    say("noisy neighbour started: %d busy loops, until the candidates end" % loops)


def stop_neighbour():
    ids = docker("ps", "-aq", "--filter", "label=" + NEIGHBOUR_LABEL).split()
    if ids:
        docker("rm", "-f", *ids)


def wait_all(api, ids, timeout, poll_interval, say):
    """Polls every job until all have ended or `timeout` passes: (jobs by id, whether all ended)."""
    deadline = time.monotonic() + timeout
    last = {}
    while True:
        jobs = {i: api.json("GET", "/api/v1/jobs/%s" % i) for i in ids}
        for i, job in jobs.items():
            # A line when the job's state or step changes, not for every new estimate of the time left.
            p = job.get("progress") or {}
            current = p.get("currentRun") or {}
            state = (job["status"], p.get("runsDone"), current.get("runId"), current.get("step"), current.get("level"))
            if last.get(i) != state:
                say(progress_line(job))
                last[i] = state
        if all(j["status"] in ("SUCCEEDED", "FAILED", "CANCELLED") for j in jobs.values()):
            return jobs, True
        if time.monotonic() > deadline:
            return jobs, False
        time.sleep(poll_interval)


def report(profile):
    """The profile as text: the gate metrics first, then every other metric, and the injected pair."""
    gate = profile.get("gateMetrics") or []
    lines = ["noise profile %s (%s): %s repetitions, %s A/A comparisons, workers %s, jobs %s" % (
        profile["id"], profile.get("mode", "stored"), profile["repetitions"], profile["aaPairs"],
        ", ".join(profile["workers"]) or "-", ", ".join(str(j) for j in profile["jobIds"]))]
    header = ("metric", "level", "A/A comparisons", "false alarms", "gated", "detectable effect")
    rows = []
    entries = sorted(profile["entries"], key=lambda e: (e["metric"] not in gate, e["metric"], e["level"]))
    for e in entries:
        n = e["comparisons"]
        rows.append((e["metric"] + (" (gate)" if e["metric"] in gate else ""), str(e["level"]), str(n),
                     "%d/%d (%.0f %%)" % (round(e["falseAlarmShare"] * n), n, 100 * e["falseAlarmShare"]),
                     "%d/%d" % (round(e["gatedShare"] * n), n),
                     "-" if e.get("detectablePercent") is None else "%.1f %%" % e["detectablePercent"]))
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]
    lines.append("  ".join(h.ljust(w) for h, w in zip(header, widths)))
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    injected = profile.get("injected")
    if injected:
        lines.append("injected effect +%.1f %% (job %s against job %s): detected in %.0f %% of the gate rows" % (
            injected["effectPercent"], injected["candidateJobId"], injected["baselineJobId"],
            100 * injected["detectedShare"]))
        for r in injected["rows"]:
            ratio = "-" if r.get("ratio") is None else "x%.3f [%.3f, %.3f]" % (r["ratio"], r["ratioLow"], r["ratioHigh"])
            lines.append("  %s level %s %s: %s %s" % (r["cell"], r["level"], r["metric"], ratio, r["verdict"]))
    return "\n".join(lines)


def side_by_side(profiles):
    """The gate metrics of each profile in one table: what stored and paired comparisons can see."""
    stored, paired = profiles.get("stored"), profiles.get("paired")
    if not stored or not paired:
        return ""
    gate = stored.get("gateMetrics") or []

    def cells(profile, metric, level):
        for e in profile["entries"]:
            if e["metric"] == metric and e["level"] == level:
                n = e["comparisons"]
                mde = "-" if e.get("detectablePercent") is None else "%.1f %%" % e["detectablePercent"]
                return "%d/%d" % (round(e["gatedShare"] * n), n), mde
        return "-", "-"

    def injected(profile, metric, level):
        rows = [r for r in (profile.get("injected") or {}).get("rows", []) if r["metric"] == metric and r["level"] == level]
        return ", ".join("x%.3f %s" % (r["ratio"], r["verdict"]) if r.get("ratio") is not None else r["verdict"]
                         for r in rows) or "-"

    header = ("gate metric", "level", "stored: gated false alarms", "stored: MDE", "paired: gated false alarms",
              "paired: MDE", "injected (stored)", "injected (paired)")
    rows = []
    levels = sorted({e["level"] for e in stored["entries"]})
    for metric in gate:
        for level in levels:
            s_alarms, s_mde = cells(stored, metric, level)
            p_alarms, p_mde = cells(paired, metric, level)
            rows.append((metric, str(level), s_alarms, s_mde, p_alarms, p_mde, injected(stored, metric, level),
                         injected(paired, metric, level)))
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(header)]
    out = ["stored and paired on the same jobs:", "  ".join(h.ljust(w) for h, w in zip(header, widths))]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join(out)


def main(argv):
    args = parse_args(argv)

    def say(message):
        print("[calibrate] " + message, file=sys.stderr, flush=True)

    api = Api(args.api, args.token or default_token())
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    if args.inject > 0 and scenario(args, args.inject) == scenario(args, 0):
        say("--inject %.1f %% rounds to no change: raise --delay-ms or --limit" % args.inject)
        return EXIT_ERROR
    paired = args.mode != "stored"
    neighbour = False
    try:
        reference = api.json("POST", "/api/v1/jobs", job_body(args, 0, "reference", stamp))["id"]
        say("reference job %s submitted; the candidates follow once it has ended" % reference)
        jobs, ended = wait_all(api, [reference], args.timeout, args.poll_interval, say)
        if not ended or jobs[reference]["status"] != "SUCCEEDED":
            say("the reference job %s did not succeed: no profile stored" % reference)
            return EXIT_TIMEOUT if not ended else EXIT_JOB_FAILED
        if args.neighbour:
            start_neighbour(say)
            neighbour = True
        base = reference if paired else None
        candidates = [api.json("POST", "/api/v1/jobs", job_body(args, 0, "aa-%d" % (k + 1), stamp, base))["id"]
                      for k in range(args.pairs)]
        injected_id = None
        if args.inject > 0:
            injected_id = api.json("POST", "/api/v1/jobs", job_body(args, args.inject, "injected", stamp, base))["id"]
        ids = candidates + ([injected_id] if injected_id else [])
        say("submitted candidate jobs %s (calibration %s)" % (", ".join(map(str, ids)), stamp))
        jobs, ended = wait_all(api, ids, args.timeout, args.poll_interval, say)
        if neighbour:
            stop_neighbour()
            neighbour = False
        if not ended:
            say("timed out after %.0f s; jobs still running: %s" % (
                args.timeout, ", ".join(str(i) for i, j in jobs.items() if j["status"] not in ("SUCCEEDED", "FAILED", "CANCELLED"))))
            return EXIT_TIMEOUT
        failed = [i for i, j in jobs.items() if j["status"] != "SUCCEEDED"]
        if failed:
            say("jobs %s did not succeed: no profile stored" % ", ".join(map(str, failed)))
            return EXIT_JOB_FAILED
        profiles = {}
        for mode in (["stored", "paired"] if args.mode == "both" else [args.mode]):
            request = {"aaPairs": [{"baselineJobId": reference, "candidateJobId": c} for c in candidates], "mode": mode}
            if injected_id:
                spec = job_body(args, args.inject, "injected", stamp)["scenario"]
                request["injected"] = {"baselineJobId": reference, "candidateJobId": injected_id,
                                       "effectPercent": round(work_ratio(args, spec), 2)}
            profiles[mode] = api.json("POST", "/api/v1/calibrations", request)
    except ApiError as e:
        say(str(e))
        return EXIT_ERROR
    finally:
        if neighbour:
            stop_neighbour()
    print("calibration %s: %s, %s, %d repetitions, %d A/A comparisons%s" % (
        stamp, args.scenario, args.thread_models, args.repetitions, args.pairs,
        ", noisy neighbour during the candidates" if args.neighbour else ""))
    for mode, profile in profiles.items():
        print(report(profile))
    table = side_by_side(profiles)
    if table:
        print(table)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
