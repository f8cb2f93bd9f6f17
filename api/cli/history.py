#!/usr/bin/env python3
"""bench history: the change points of an app's history, newest first, as a table in the terminal.

    ./bench history --scenario io-http [--app NAME] [--label KEY=VALUE ...] [--metric ID ...] [--worse] [--json]

Reads GET /api/v1/history/changes: for each series (metric x JDK x thread model x level) of the jobs of
one app and scenario carrying every --label (e.g. branch=main), where E-Divisive means (as Apache Otava
finds them; docs/statistics.md, "Change points") says the series changed, and with which job. One row
per change point: when its job was submitted, the job, the job's labels (the commit), the series, the
medians before and after, their ratio with its 95% interval, and whether that is better or worse for
the metric. The metrics default to the standard gate's (throughputRps, latencyP95Ms); --json prints the
api's answer as it is.

Exit codes: 0 printed (with or without change points), 1 the api refused the request or could not be
reached, 2 usage error. The token comes from --token, else $BENCH_TOKEN, else <data dir>/admin-token. Only the
Python standard library is used.
"""
import argparse
import json
import os
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from submit import Api, ApiError, default_token, key_values  # noqa: E402

EXIT_OK, EXIT_ERROR = 0, 1
DEFAULT_METRICS = ("throughputRps", "latencyP95Ms")
HEADER = ("when", "job", "labels", "series", "metric", "median before → after", "ratio [95% interval]", "direction")


def parse_args(argv):
    p = argparse.ArgumentParser(prog="./bench history", description=__doc__.split("\n\n")[0])
    p.add_argument("--api", default=os.environ.get("BENCH_API_URL",
                                                   "http://127.0.0.1:%s" % os.environ.get("BENCH_API_PORT", "8080")))
    p.add_argument("--token", default=None, help="API token (default $BENCH_TOKEN or <data dir>/admin-token)")
    p.add_argument("--scenario", required=True, help="the scenario's name, e.g. io-http")
    p.add_argument("--app", default="stock",
                   help="the app: its name (app.name: every build) or one build's reference (default stock)")
    p.add_argument("--label", action="append", default=[], metavar="KEY=VALUE",
                   help="only jobs carrying this label, e.g. branch=main (repeatable)")
    p.add_argument("--metric", action="append", default=[], metavar="ID",
                   help="a metric id (GET /api/v1/catalog/metrics; repeatable or comma-separated; "
                        "default throughputRps and latencyP95Ms)")
    p.add_argument("--thread-model", choices=["platform", "virtual", "webflux"])
    p.add_argument("--jdk", type=int, action="append", default=[])
    p.add_argument("--level", type=int)
    p.add_argument("--limit", type=int, default=50, help="the newest jobs considered (default 50, at most 500)")
    p.add_argument("--worse", action="store_true", help="only the change points in the worse direction")
    p.add_argument("--json", action="store_true", help="print the api's answer as JSON instead of the table")
    args = p.parse_args(argv)
    try:
        args.labels = key_values(args.label, "--label")
    except ValueError as e:
        p.error(str(e))
    metrics = [m for value in args.metric for m in value.split(",") if m]
    args.metrics = metrics or list(DEFAULT_METRICS)
    return args


def query(args):
    params = [("scenario", args.scenario), ("app", args.app), ("limit", str(args.limit))]
    params += [("metric", m) for m in args.metrics]
    params += [("label", "%s=%s" % (k, v)) for k, v in args.labels.items()]
    params += [("jdk", str(j)) for j in args.jdk]
    if args.thread_model:
        params.append(("threadModel", args.thread_model))
    if args.level is not None:
        params.append(("level", str(args.level)))
    return "/api/v1/history/changes?" + urllib.parse.urlencode(params)


def num(value):
    """Three significant digits, like the summary's figures."""
    if value is None:
        return "-"
    magnitude = abs(value)
    if magnitude >= 100 or value == int(value):
        return "%.0f" % value
    if magnitude >= 10:
        return "%.1f" % value
    if magnitude >= 1:
        return "%.2f" % value
    return "%.3g" % value


def ratio(change):
    if change.get("ratio") is None:
        return "-"
    text = "x%.3f" % change["ratio"]
    if change.get("ratioLow") is not None and change.get("ratioHigh") is not None:
        text += " [%.3f, %.3f]" % (change["ratioLow"], change["ratioHigh"])
    return text


def when(instant):
    """2026-11-27T19:13:25.123Z as 2026-11-27 19:13 (UTC)."""
    return instant[:16].replace("T", " ") if instant else "-"


def row(item, selector):
    change = item["change"]
    job = change["job"]
    # the selector's labels are every job's: the others tell the jobs apart (sha=..., pr=...)
    labels = " ".join("%s=%s" % (k, v) for k, v in sorted(job.get("labels", {}).items()) if selector.get(k) != v)
    series = "JDK %s %s" % (item["jdk"], item["threadModel"])
    if item.get("level") is not None:
        series += " @%s" % item["level"]
    direction = change["direction"]
    return (when(job.get("createdAt")), "#%s" % job["id"], labels or "-", series, item["metric"],
            "%s → %s" % (num(change.get("medianBefore")), num(change.get("medianAfter"))), ratio(change),
            "WORSE" if direction == "worse" else direction)


def table(rows):
    widths = [max(len(r[i]) for r in rows + [HEADER]) for i in range(len(HEADER))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(HEADER, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    return lines


def render(answer, args):
    items = answer.get("items", [])
    if args.worse:
        items = [i for i in items if i["change"]["direction"] == "worse"]
    selector = " ".join("%s=%s" % kv for kv in sorted(args.labels.items())) or "every job"
    detection = answer.get("changeDetection") or {}
    lines = ["change points of %s · %s (%s; the newest %s jobs; metrics %s; E-Divisive means, p < %s), newest first"
             % (answer.get("app", args.app), answer.get("scenario", args.scenario), selector, args.limit,
                ", ".join(answer.get("metrics", args.metrics)), detection.get("maxPValue", "?"))]
    if not items:
        lines.append("no %schange point" % ("worse " if args.worse else ""))
        return lines
    return lines + table([row(i, args.labels) for i in items])


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    api = Api(args.api, args.token or default_token())
    try:
        answer = api.json("GET", query(args))
    except ApiError as e:
        print("bench history: %s" % e, file=sys.stderr)
        return EXIT_ERROR
    if args.json:
        print(json.dumps(answer, indent=2, ensure_ascii=False))
    else:
        print("\n".join(render(answer, args)))
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
