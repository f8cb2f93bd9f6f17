#!/usr/bin/env python3
"""A webhook receiver for jvmbench's alerts, Python standard library only (docs/alerts.md).

    WEBHOOK_SECRET=whsec_... python3 docs/examples/webhook-receiver.py [--port 9000] [--log received.jsonl]

Listens on 127.0.0.1, verifies each POST as Standard Webhooks says (HMAC-SHA256 of
"{webhook-id}.{webhook-timestamp}.{raw body}" with the base64-decoded secret, compared in constant
time; the timestamp within 5 minutes; a webhook-id seen before is acknowledged and not processed
again), answers 204 at once, then prints the change point in one line and appends the delivery to
--log. A request that does not verify gets 401 and is not processed.
"""
import argparse
import base64
import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOLERANCE_SECONDS = 5 * 60


def verify(secret, headers, body, now=None):
    """Why the request is not authentic, or None when it is."""
    msg_id, timestamp, signatures = (headers.get("webhook-id"), headers.get("webhook-timestamp"),
                                     headers.get("webhook-signature"))
    if not (msg_id and timestamp and signatures):
        return "missing webhook-id, webhook-timestamp or webhook-signature"
    try:
        sent = int(timestamp)
    except ValueError:
        return "webhook-timestamp is not a number"
    if abs((now or time.time()) - sent) > TOLERANCE_SECONDS:
        return "webhook-timestamp more than 5 minutes off: a replay?"
    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    expected = hmac.new(key, ("%s.%s." % (msg_id, timestamp)).encode("utf-8") + body, hashlib.sha256).digest()
    for signature in signatures.split(" "):
        version, _, value = signature.partition(",")
        if version == "v1" and hmac.compare_digest(expected, base64.b64decode(value)):
            return None
    return "no signature matches"


def describe(payload):
    data = payload.get("data", {})
    item = data.get("changePoint", {})
    change = item.get("change", {})
    job = data.get("job", {})
    labels = " ".join("%s=%s" % kv for kv in sorted(job.get("labels", {}).items()))
    level = "" if item.get("level") is None else " @%s" % item["level"]
    interval = "" if change.get("ratioLow") is None else " [%.3f, %.3f]" % (change["ratioLow"], change["ratioHigh"])
    return "%s: job #%s (%s) %s JDK %s %s%s %s x%.3f%s" % (
        payload.get("type"), job.get("id"), labels, job.get("app"), item.get("jdk"), item.get("threadModel"), level,
        item.get("metric"), change.get("ratio") or float("nan"), interval)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=9000)
    parser.add_argument("--log", help="append each verified delivery here, one JSON object a line")
    args = parser.parse_args()
    secret = os.environ.get("WEBHOOK_SECRET")
    if not secret:
        parser.error("set WEBHOOK_SECRET to the secret POST /api/v1/webhooks answered with")
    seen = set()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            headers = {k.lower(): v for k, v in self.headers.items()}
            problem = verify(secret, headers, body)
            if problem:
                self.send_response(401)
                self.end_headers()
                print("refused: %s" % problem, file=sys.stderr, flush=True)
                return
            self.send_response(204)
            self.end_headers()
            msg_id = headers["webhook-id"]
            if msg_id in seen:
                print("again (already processed): %s" % msg_id, flush=True)
                return
            seen.add(msg_id)
            payload = json.loads(body)
            print("verified %s: %s" % (msg_id, describe(payload)), flush=True)
            if args.log:
                with open(args.log, "a") as f:
                    f.write(json.dumps({"headers": {k: headers[k] for k in ("webhook-id", "webhook-timestamp",
                                                                            "webhook-signature")},
                                        "verified": True, "payload": payload}) + "\n")

        def log_message(self, *ignored):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print("listening on http://127.0.0.1:%d/" % args.port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
