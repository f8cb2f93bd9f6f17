#!/usr/bin/env python3
"""What a job runs on, as the setup's filters: `BENCH_SETUP_JDKS` (its JDKs) and
`BENCH_SETUP_UPSTREAMS` (the upstreams of its scenario: a custom request's own list, else the
built-in scenario's in the scenario catalogue). `./bench demo` builds only those on a new machine.

    python3 api/cli/job_needs.py JOB.json [SCENARIO_CATALOG]

Prints shell assignments, or nothing when the job does not say (then everything is built).
"""
import json
import os
import re
import shlex
import sys

CATALOG = os.path.join(os.path.dirname(__file__), "..", "..", "common", "src", "main", "resources", "jvmbench",
                       "scenario-catalog.yaml")


def catalog_upstreams(path, scenario):
    """The `upstreams: [..]` of the scenario named `scenario` in the catalogue; None when not found.
    The catalogue's entries are `  - name: X` with their keys indented below (one flow list each)."""
    current = None
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            entry = re.match(r"^  - name:\s*(\S+)\s*$", line)
            if entry:
                current = entry.group(1)
                continue
            upstreams = re.match(r"^    upstreams:\s*\[(.*)\]\s*$", line)
            if upstreams and current == scenario:
                return [u.strip() for u in upstreams.group(1).split(",") if u.strip()]
    return None


def needs(job, catalog):
    jdks = job.get("jdks")
    scenario = job.get("scenario") or {}
    request = scenario.get("request") or {}
    if "upstreams" in request:
        upstreams = request["upstreams"]
    elif request:
        upstreams = []
    else:
        upstreams = catalog_upstreams(catalog, scenario.get("name"))
    out = {}
    if isinstance(jdks, list) and jdks and all(isinstance(j, int) for j in jdks):
        out["BENCH_SETUP_JDKS"] = " ".join(str(j) for j in jdks)
    if isinstance(upstreams, list) and all(isinstance(u, str) for u in upstreams):
        out["BENCH_SETUP_UPSTREAMS"] = " ".join(upstreams)
    return out


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            job = json.load(f)
    except (OSError, ValueError):
        return 0  # the submit that follows says what is wrong with the file
    if not isinstance(job, dict):
        return 0
    for name, value in needs(job, argv[2] if len(argv) == 3 else CATALOG).items():
        print(f"{name}={shlex.quote(value)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
