#!/usr/bin/env python3
"""bench submit: submit a benchmark job from CI, wait for it, print its Markdown summary, gate on regressions.

    ./bench submit JOB.json [--jar APP.jar] [--wait] [--table] [--fail-on-regression] [options]

Exit codes (stable, for CI scripts):
    0  submitted (without --wait), or the job succeeded with no regression: improved, change within
       tolerance (a real change under the threshold), no detectable change or not judged (one run
       per cell: no interval to judge by) (or regressed, when --fail-on-regression is not given)
    1  usage error, unreadable file, or the api refused the request or could not be reached
    2  the job regressed against its baseline and --fail-on-regression was given. With confirmation
       (the job's gate.confirm.extraRepetitions, on by default) --wait waits through the extra runs of
       the flagged cells and this follows the confirmed verdict only: a regression the extra runs did
       not reproduce exits 0 (baseline.confirmation "not-confirmed")
    3  the job ended FAILED or CANCELLED
    4  --timeout passed before the job ended (the job keeps running; cancel it with POST /api/v1/jobs/{id}/cancel)

The token comes from --token, else $BENCH_TOKEN, else <data dir>/admin-token ($BENCH_DATA_DIR, default
~/.bench) on the api's own host. The summary goes to stdout, to --summary-file, and to
$GITHUB_STEP_SUMMARY when that is set; with --table, one row per JDK x thread model x level comes
before it on stdout (what `./bench demo` prints). While waiting, the progress goes to stderr: a bar
redrawn in place on a terminal, one line per change otherwise (CI logs). Only the Python standard
library is used.
"""
import argparse
import json
import re
import zipfile
import os
import sys
import time
import urllib.error
import urllib.request
import uuid

EXIT_OK, EXIT_ERROR, EXIT_REGRESSED, EXIT_JOB_FAILED, EXIT_TIMEOUT = 0, 1, 2, 3, 4


class ApiError(Exception):
    pass


class Api:
    def __init__(self, base, token):
        self.base = base.rstrip("/")
        self.token = token

    def request(self, method, path, body=None, content_type=None, headers=None, accept="application/json"):
        request = urllib.request.Request(self.base + path, data=body, method=method)
        request.add_header("Accept", accept + ", application/problem+json")
        if self.token:
            request.add_header("Authorization", "Bearer " + self.token)
        if content_type:
            request.add_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return response.status, response.read().decode("utf-8")
        except urllib.error.HTTPError as e:
            raise ApiError(describe_problem(e.code, e.read().decode("utf-8", "replace"))) from None
        except (urllib.error.URLError, OSError) as e:
            raise ApiError("cannot reach the api at %s: %s" % (self.base, getattr(e, "reason", e))) from None

    def json(self, method, path, payload=None, headers=None):
        body = None if payload is None else json.dumps(payload).encode("utf-8")
        _, text = self.request(method, path, body, "application/json" if body else None, headers)
        return json.loads(text)

    def upload_jar(self, path):
        boundary = "----jvmbench" + uuid.uuid4().hex
        with open(path, "rb") as f:
            content = f.read()
        name = os.path.basename(path).replace('"', "")
        body = (("--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s\"\r\n"
                 "Content-Type: application/java-archive\r\n\r\n") % (boundary, name)).encode("utf-8") \
            + content + ("\r\n--%s--\r\n" % boundary).encode("utf-8")
        _, text = self.request("POST", "/api/v1/artifacts", body, "multipart/form-data; boundary=" + boundary)
        return json.loads(text)


def describe_problem(status, text):
    try:
        problem = json.loads(text)
        lines = ["HTTP %s %s: %s" % (status, problem.get("title", ""), problem.get("detail", ""))]
        for error in problem.get("errors") or []:
            lines.append("  - %s: %s" % (error.get("field"), error.get("message")))
        return "\n".join(lines)
    except ValueError:
        return "HTTP %s: %s" % (status, text[:500])


def default_token():
    if os.environ.get("BENCH_TOKEN"):
        return os.environ["BENCH_TOKEN"]
    data_dir = os.environ.get("BENCH_DATA_DIR", os.path.join(os.path.expanduser("~"), ".bench"))
    try:
        with open(os.path.join(data_dir, "admin-token")) as f:
            return f.read().strip()
    except OSError:
        return None


SEVERITIES = ("critical", "warning", "info")


def finding_place(finding):
    """Where a finding of GET /api/v1/jobs/{id}/findings occurred: the run's cell, repetition and level."""
    if finding.get("runId") is None:
        return "the whole job"
    place = "JDK %s %s #%s" % (finding.get("jdk"), finding.get("threadModel"), finding.get("repetition"))
    return place + (", level %s" % finding["level"] if finding.get("level") is not None else ", whole run")


def findings_lines(findings):
    """The job's findings as aligned lines, worst first (the api's order): severity, code, where, the sentence."""
    if not findings:
        return ["findings: none"]
    counts = [(s, sum(1 for f in findings if f.get("severity") == s)) for s in SEVERITIES]
    lines = ["findings, worst first: " + ", ".join("%d %s" % (n, s) for s, n in counts if n)]
    rows = [(f.get("severity", "?").upper(), f.get("code", "?"), finding_place(f), " ".join(f.get("summary", "").split()))
            for f in findings]
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines += ["  " + "  ".join(c.ljust(w) for c, w in zip(r[:3], widths)) + "  " + r[3] for r in rows]
    return lines


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="bench submit", description=__doc__.split("\n")[0],
                                     epilog="Exit codes: 0 ok, 1 error, 2 regressed (--fail-on-regression), "
                                            "3 job failed or cancelled, 4 timed out.")
    parser.add_argument("job", help="the job request as JSON (see docs/examples/)")
    parser.add_argument("--api", default=os.environ.get("BENCH_API_URL",
                                                        "http://127.0.0.1:%s" % os.environ.get("BENCH_API_PORT", "8080")))
    parser.add_argument("--token", default=None, help="API token (default $BENCH_TOKEN or <data dir>/admin-token)")
    parser.add_argument("--jar", help="upload this JAR first and benchmark it (sets app.artifactId, and app.name "
                                      "from the JAR's manifest or file name unless the job or --app-name gives one)")
    parser.add_argument("--app-name", help="the app's name across its builds (app.name), e.g. orders-service: "
                                           "baselines by labels and history match on it")
    parser.add_argument("--label", action="append", default=[], metavar="KEY=VALUE",
                        help="add a label, e.g. sha=$GITHUB_SHA (repeatable)")
    parser.add_argument("--baseline-job", type=int, help="judge against this job id")
    parser.add_argument("--baseline-labels", metavar="KEY=VALUE[,KEY=VALUE]",
                        help="judge against the latest successful job with these labels, e.g. branch=main")
    parser.add_argument("--baseline-mode", choices=["paired", "stored"],
                        help="paired: measure the baseline again beside the job, in pairs (the default when it can be "
                             "run again); stored: compare with the baseline job's own runs")
    parser.add_argument("--max-pairs", type=int, metavar="N",
                        help="with a paired baseline: add pairs of a cell whose verdict is undecided (its interval "
                             "neither wholly beyond nor wholly within the threshold), up to N pairs per cell")
    parser.add_argument("--idempotency-key", help="retrying with the same key never creates a second job")
    parser.add_argument("--wait", action="store_true", help="wait for the job to end and print its summary")
    parser.add_argument("--fail-on-regression", action="store_true", help="exit 2 when the verdict is regressed")
    parser.add_argument("--timeout", type=float, default=3600, help="seconds to wait (default 3600)")
    parser.add_argument("--poll-interval", type=float, default=5, help="seconds between progress polls (default 5)")
    parser.add_argument("--summary-file", help="also write the Markdown summary here")
    parser.add_argument("--table", action="store_true",
                        help="with --wait: print one row per JDK x thread model x level before the summary")
    return parser.parse_args(argv)


APP_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,99}$")
VERSION_SUFFIX = re.compile(r"[-_.]v?\d+(\.\d+)*([-.][A-Za-z0-9]+)*$")


def jar_app_name(path):
    """The app's name for a JAR: its manifest's Implementation-Title (Maven's project name in a Spring
    Boot JAR), else the file name without its version (orders-service-1.4.2-SNAPSHOT.jar: orders-service),
    so that every build of one app uploaded from CI gets one name."""
    title = None
    try:
        with zipfile.ZipFile(path) as jar:
            manifest = jar.read("META-INF/MANIFEST.MF").decode("utf-8", "replace")
        # continuation lines start with one space (JAR manifest format)
        manifest = manifest.replace("\r\n ", "").replace("\n ", "")
        for line in manifest.splitlines():
            key, sep, value = line.partition(":")
            if sep and key.strip() == "Implementation-Title":
                title = value.strip()
    except (OSError, KeyError, zipfile.BadZipFile):
        pass
    for candidate in (title, VERSION_SUFFIX.sub("", os.path.basename(path)[:-4] if path.endswith(".jar")
                                                else os.path.basename(path))):
        if candidate:
            name = re.sub(r"[^A-Za-z0-9._/-]+", "-", candidate).strip("-._/")[:100]
            if name and APP_NAME.match(name):
                return name
    return "app"


def key_values(pairs, what):
    result = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError("%s '%s' must be KEY=VALUE" % (what, pair))
        result[key] = value
    return result


def progress_line(job):
    p = job.get("progress", {})
    line = "job %s: %s, %s/%s runs done" % (job["id"], job["status"], p.get("runsDone"), p.get("runsTotal"))
    current = p.get("currentRun")
    if current:
        line += ", now JDK %s %s (repetition %s) %s" % (current.get("jdk"), current.get("threadModel"),
                                                        current.get("repetition"), current.get("step") or "")
        if current.get("level"):
            line += " at level %s" % current["level"]
    if p.get("estimatedSecondsLeft") is not None:
        line += ", about %d s left" % p["estimatedSecondsLeft"]
    return line


def progress_bar(job, width=30):
    """The one-line bar redrawn on a terminal: runs done, the run in progress and its step, time left."""
    p = job.get("progress", {})
    done, total = p.get("runsDone") or 0, p.get("runsTotal") or 0
    filled = int(width * done / total) if total else width
    where = ""
    current = p.get("currentRun")
    if current:
        where = " | run %s: JDK %s %s" % (current.get("runId"), current.get("jdk"), current.get("threadModel"))
        if current.get("step"):
            where += " " + current["step"]
        if current.get("level"):
            where += " level %s" % current["level"]
    left = p.get("estimatedSecondsLeft")
    eta = " | ~%dm%02ds left" % (left // 60, left % 60) if left else ""
    return "[%s%s] %s/%s runs%s%s" % ("#" * filled, "-" * (width - filled), done, total, where, eta)


TABLE_HEADER = ("JDK", "model", "level", "req/s", "ceiling", "p50 ms", "p95 ms", "p99 ms", "errors", "CPU ms/req",
                "MB/req", "ctx sw/req", "GC ms/s", "heap MB", "pinned", "flags")


def fmt(value, digits=1):
    return "-" if value is None else "%.*f" % (digits, value)


def point_table(api, job_id):
    """One row per run and level (a run without points: one row with its status and reason), aligned."""
    rows = []
    for run in api.json("GET", "/api/v1/jobs/%s/runs" % job_id)["items"]:
        points = api.json("GET", "/api/v1/runs/%s/points" % run["id"])["items"]
        if not points:
            reason = run["status"] + (": " + run["failureReason"] if run.get("failureReason") else "")
            rows.append((str(run["jdk"]), run["threadModel"]) + ("-",) * 13 + (reason,))
        for p in points:
            ceiling, latency, cpu = p.get("ceiling") or {}, p.get("latencyMs") or {}, p.get("cpu") or {}
            memory, jvm = p.get("memory") or {}, p.get("jvm") or {}
            rows.append((str(run["jdk"]), run["threadModel"], str(p["level"]), fmt(p.get("throughputRps")),
                         fmt(ceiling.get("theoreticalRps"), 0), fmt(latency.get("p50"), 0), fmt(latency.get("p95"), 0),
                         fmt(latency.get("p99"), 0), str(p.get("errors", "-")), fmt(cpu.get("msPerRequest"), 2),
                         fmt(memory.get("perRequestMb"), 2), fmt(p.get("contextSwitchesPerRequest"), 1),
                         fmt(jvm.get("gcPauseMsPerSecond"), 1), fmt(jvm.get("heapMeanMb"), 0),
                         str(jvm.get("virtualThreadPinnedEvents", "-")), ",".join(p.get("flags") or [])))
    rows.sort(key=lambda r: (int(r[0]), r[1], int(r[2]) if r[2].isdigit() else 0))
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(TABLE_HEADER)]
    lines = ["  ".join(h.rjust(w) for h, w in zip(TABLE_HEADER, widths))]
    lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows]
    return "\n".join(lines)


def wait_for(api, job, timeout, poll_interval, say):
    """Polls until the job ends or `timeout` seconds pass: (the job as last seen, whether it ended).
    Progress on stderr: a bar redrawn in place on a terminal, a line per change otherwise."""
    bar = sys.stderr.isatty()
    deadline = time.monotonic() + timeout
    last = None
    try:
        while job["status"] not in ("SUCCEEDED", "FAILED", "CANCELLED"):
            if time.monotonic() > deadline:
                return job, False
            time.sleep(poll_interval)
            job = api.json("GET", "/api/v1/jobs/%s" % job["id"])
            line = progress_bar(job) if bar else progress_line(job)
            if bar:
                print("\r" + line.ljust(110), end="", file=sys.stderr, flush=True)
            elif line != last:
                say(line)
            last = line
    finally:
        if bar and last is not None:
            print(file=sys.stderr, flush=True)
    return job, True


def main(argv):
    args = parse_args(argv)
    say = lambda message: print("[bench] " + message, file=sys.stderr, flush=True)
    try:
        with open(args.job) as f:
            spec = json.load(f)
        labels = key_values(args.label, "--label")
        baseline_labels = key_values(args.baseline_labels.split(","), "--baseline-labels") if args.baseline_labels else None
    except (OSError, ValueError) as e:
        say("error: %s" % e)
        return EXIT_ERROR
    if args.baseline_job and baseline_labels:
        say("error: give --baseline-job or --baseline-labels, not both")
        return EXIT_ERROR
    if args.table and not args.wait:
        say("error: --table needs --wait (the table is printed when the job has ended)")
        return EXIT_ERROR
    api = Api(args.api, args.token or default_token())
    try:
        if args.jar:
            artifact = api.upload_jar(args.jar)
            say("uploaded %s as artifact %s (sha256 %s)" % (args.jar, artifact["id"], artifact.get("sha256", "?")[:12]))
            if not artifact.get("executable", True):
                # the api stores any bytes; a job naming ones that cannot start would be refused (409)
                say("error: %s cannot run: %s" % (args.jar, artifact.get("notExecutableReason", "not an executable JAR")))
                return EXIT_ERROR
            spec.setdefault("app", {})
            spec["app"].pop("image", None)
            spec["app"]["artifactId"] = artifact["id"]
            if not args.app_name and not spec["app"].get("name"):
                spec["app"]["name"] = jar_app_name(args.jar)
                say("app name %s (from %s; --app-name sets another)" % (spec["app"]["name"], args.jar))
        if args.app_name:
            if not spec.get("app"):
                say("error: --app-name names a user's app: give --jar or an app.image in the job")
                return EXIT_ERROR
            spec["app"]["name"] = args.app_name
        if labels:
            spec.setdefault("labels", {}).update(labels)
        if args.baseline_job:
            spec["baseline"] = {"jobId": args.baseline_job}
        elif baseline_labels:
            spec["baseline"] = {"labels": baseline_labels}
        if args.baseline_mode:
            if not spec.get("baseline"):
                say("error: --baseline-mode needs a baseline (--baseline-job, --baseline-labels or the job's own)")
                return EXIT_ERROR
            spec["baseline"]["mode"] = args.baseline_mode
        if args.max_pairs is not None:
            if not spec.get("baseline"):
                say("error: --max-pairs needs a baseline (--baseline-job, --baseline-labels or the job's own)")
                return EXIT_ERROR
            spec.setdefault("gate", {})["maxPairs"] = args.max_pairs
        headers = {"Idempotency-Key": args.idempotency_key} if args.idempotency_key else {}
        job = api.json("POST", "/api/v1/jobs", spec, headers)
        say("job %s submitted: %s runs; %s/jobs/%s/report" % (job["id"], job["progress"]["runsTotal"], api.base,
                                                               job["id"]))
        baseline = job.get("baseline") or {}
        if baseline.get("jobId"):
            say("baseline: job %s" % baseline["jobId"])
        elif baseline.get("note"):
            say("baseline: none (%s)" % baseline["note"])
        if not args.wait:
            print(job["id"])
            return EXIT_OK
        job, ended = wait_for(api, job, args.timeout, args.poll_interval, say)
        if not ended:
            say("timed out after %.0f s; job %s is still %s" % (args.timeout, job["id"], job["status"]))
            return EXIT_TIMEOUT
        table = point_table(api, job["id"]) if args.table else None
        _, summary = api.request("GET", "/api/v1/jobs/%s/summary.md" % job["id"], accept="text/markdown")
    except ApiError as e:
        say("error: %s" % e)
        return EXIT_ERROR
    if table:
        print(table)
        print()
    print(summary)
    for target in filter(None, [args.summary_file, os.environ.get("GITHUB_STEP_SUMMARY")]):
        with open(target, "a") as f:
            f.write(summary + "\n")
    # What the platform explains about the job, one line each, on stderr: stdout stays the summary (which
    # lists them too, in Markdown). A job that failed is explained as well: that is when it matters most.
    try:
        for line in findings_lines(api.json("GET", "/api/v1/jobs/%s/findings" % job["id"])["items"]):
            say(line)
    except ApiError as e:
        say("findings unavailable: %s" % e)
    if job["status"] != "SUCCEEDED":
        say("job %s ended %s%s" % (job["id"], job["status"],
                                   ": " + job["statusReason"] if job.get("statusReason") else ""))
        return EXIT_JOB_FAILED
    baseline = job.get("baseline") or {}
    # baseline.verdict is the settled one: a regression that extra runs did not confirm is not in it
    verdict = baseline.get("verdict")
    confirmation = baseline.get("confirmation")
    if confirmation in ("confirmed", "not-confirmed"):
        say("job %s: %s against baseline job %s at first, %s by extra runs" % (
            job["id"], baseline.get("initialVerdict"), baseline.get("jobId"), confirmation.replace("-", " ")))
    for decision in baseline.get("decisions") or []:
        if decision.get("state") == "undecided":
            say("job %s: JDK %s %s undecided after %s pairs: %s" % (job["id"], decision["jdk"], decision["threadModel"],
                                                                  decision["pairs"], "; ".join(decision["open"])))
    if verdict == "regressed":
        say("job %s regressed against baseline job %s" % (job["id"], job["baseline"]["jobId"]))
        return EXIT_REGRESSED if args.fail_on_regression else EXIT_OK
    say("job %s succeeded%s" % (job["id"], "; verdict: " + verdict if verdict else ""))
    return EXIT_OK


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        # Ctrl-C stops the waiting, not the job (cancel it with POST /api/v1/jobs/{id}/cancel).
        print("\n[bench] interrupted; a submitted job keeps running", file=sys.stderr)
        sys.exit(130)
