#!/usr/bin/env python3
"""bench calibrate: measure this host's own noise and store it as the platform's noise profile.

    ./bench calibrate [--api URL] [--repetitions N] [--pairs K] [--inject PCT] [options]

Submits K+1 identical short io-http jobs (platform and virtual threads, one JDK, one level), which
give K A/A pairs (each job against the next), and one more job whose upstream delay is PCT percent
longer (the known injected effect, compared with the first job). Once every job has SUCCEEDED it asks
the api to compare the pairs and store the noise profile (POST /api/v1/calibrations, an admin token),
then prints per gate metric and level the false-alarm rate and the minimum detectable effect for N
repetitions, and whether the injected effect was detected. Method: docs/statistics.md, "Calibration".

Exit codes: 0 profile stored, 1 usage or api error, 3 a calibration job did not succeed, 4 timed out.
The token comes from --token, else $BENCH_TOKEN, else <data dir>/admin-token. Only the Python standard
library is used.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from submit import Api, ApiError, default_token, progress_line  # noqa: E402

EXIT_OK, EXIT_ERROR, EXIT_JOB_FAILED, EXIT_TIMEOUT = 0, 1, 3, 4


def parse_args(argv):
    p = argparse.ArgumentParser(prog="./bench calibrate", description=__doc__.split("\n\n")[0])
    p.add_argument("--api", default=os.environ.get("BENCH_API_URL", "http://127.0.0.1:8080"))
    p.add_argument("--token", default=None)
    p.add_argument("--repetitions", type=int, default=3, help="repetitions per cell, as the jobs to judge use (default 3)")
    p.add_argument("--pairs", type=int, default=2, help="A/A pairs: K+1 identical jobs (default 2)")
    p.add_argument("--inject", type=float, default=5.0, help="the injected upstream slowdown in percent (default 5; 0: none)")
    p.add_argument("--delay-ms", type=int, default=100, help="io-http's upstream delay (default 100)")
    p.add_argument("--level", type=int, default=20, help="the concurrency measured (default 20 users)")
    p.add_argument("--jdk", type=int, default=25)
    p.add_argument("--step-seconds", type=int, default=10)
    p.add_argument("--warmup-seconds", type=int, default=5)
    p.add_argument("--timeout", type=float, default=3600, help="seconds to wait for the jobs (default 3600)")
    p.add_argument("--poll-interval", type=float, default=5)
    args = p.parse_args(argv)
    if args.repetitions < 1 or args.pairs < 1 or args.inject < 0 or args.delay_ms < 1 or args.level < 1:
        p.error("--repetitions, --pairs, --delay-ms and --level must be at least 1, --inject at least 0")
    return args


def job_body(args, delay_ms, role, stamp):
    return {
        "threadModels": ["platform", "virtual"],
        "jdks": [args.jdk],
        "scenario": {"name": "io-http", "params": {"delayMs": delay_ms}},
        "load": {"model": "closed", "levels": [args.level], "stepSeconds": args.step_seconds,
                 "warmupSeconds": args.warmup_seconds},
        "limits": {"cpus": 1.0, "memoryMb": 512},
        "platform": {"maxThreads": max(20, 2 * args.level)},
        "repetitions": args.repetitions,
        "labels": {"purpose": "calibration", "calibration": stamp, "role": role},
    }


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
    lines = ["noise profile %s: %s repetitions, %s A/A pairs, workers %s, jobs %s" % (
        profile["id"], profile["repetitions"], profile["aaPairs"], ", ".join(profile["workers"]) or "-",
        ", ".join(str(j) for j in profile["jobIds"]))]
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


def main(argv):
    args = parse_args(argv)

    def say(message):
        print("[calibrate] " + message, file=sys.stderr, flush=True)

    api = Api(args.api, args.token or default_token())
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    injected_delay = round(args.delay_ms * (1 + args.inject / 100.0))
    if args.inject > 0 and injected_delay == args.delay_ms:
        say("--inject %.1f %% of %d ms rounds to no change: raise --delay-ms" % (args.inject, args.delay_ms))
        return EXIT_ERROR
    try:
        ids = []
        for k in range(args.pairs + 1):
            ids.append(api.json("POST", "/api/v1/jobs", job_body(args, args.delay_ms, "aa-%d" % (k + 1), stamp))["id"])
        if args.inject > 0:
            ids.append(api.json("POST", "/api/v1/jobs", job_body(args, injected_delay, "injected", stamp))["id"])
        say("submitted jobs %s (calibration %s): %d runs" % (", ".join(map(str, ids)), stamp,
                                                              len(ids) * 2 * args.repetitions))
        jobs, ended = wait_all(api, ids, args.timeout, args.poll_interval, say)
        if not ended:
            say("timed out after %.0f s; jobs still running: %s" % (
                args.timeout, ", ".join(str(i) for i, j in jobs.items() if j["status"] not in ("SUCCEEDED", "FAILED", "CANCELLED"))))
            return EXIT_TIMEOUT
        failed = [i for i, j in jobs.items() if j["status"] != "SUCCEEDED"]
        if failed:
            say("jobs %s did not succeed: no profile stored" % ", ".join(map(str, failed)))
            return EXIT_JOB_FAILED
        aa = ids[:args.pairs + 1]
        request = {"aaPairs": [{"baselineJobId": a, "candidateJobId": b} for a, b in zip(aa, aa[1:])]}
        if args.inject > 0:
            request["injected"] = {"baselineJobId": ids[0], "candidateJobId": ids[-1],
                                   "effectPercent": round(100.0 * (injected_delay - args.delay_ms) / args.delay_ms, 2)}
        profile = api.json("POST", "/api/v1/calibrations", request)
    except ApiError as e:
        say(str(e))
        return EXIT_ERROR
    print(report(profile))
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
