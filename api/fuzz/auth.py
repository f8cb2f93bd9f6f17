"""Authentication for api/fuzz/schemathesis.sh, and nothing else (loaded through SCHEMATHESIS_HOOKS).

Schemathesis sends every request with an admin bearer token that this provider mints for the run.
The fuzzer may revoke any token, this one included (DELETE /api/v1/tokens/{id} with any id, and
the ids are small sequential integers): a static `-H Authorization: ...` would then turn the rest
of the run into 401s, which every check accepts, so the run would pass while testing nothing.
Schemathesis's own remedy for credentials that stop working is a dynamic auth provider: on a 401 it
asks the provider for a new token and replays the request once. This one mints the new admin token
with any admin token it minted before (or the bootstrap token) that still works.

No request, response or check is touched: the generated cases, including every DELETE of a token,
go to the api as generated.
"""
import os
import threading

import requests
import schemathesis

API_URL = os.environ["FUZZ_API_URL"]
# Every admin secret this run holds, the newest last: the bootstrap token first.
_secrets = [os.environ["FUZZ_BOOTSTRAP_TOKEN"]]
_lock = threading.Lock()


def mint():
    """A new admin token, made with the newest secret that still works."""
    with _lock:
        for secret in reversed(_secrets):
            response = requests.post(f"{API_URL}/api/v1/tokens", timeout=30,
                                     headers={"Authorization": f"Bearer {secret}"},
                                     json={"name": "schemathesis-run", "role": "admin"})
            if response.status_code == 201:
                token = response.json()["token"]
                _secrets.append(token)
                return token
            if response.status_code != 401:
                raise RuntimeError(f"minting the run's admin token: HTTP {response.status_code} {response.text[:300]}")
        raise RuntimeError(f"all {len(_secrets)} admin tokens of this run have been revoked")


# A new token every 30 s, and at once after a 401 (retry_on's default). Every token minted stays
# usable for minting the next: the fuzzer would have to revoke all of them, the bootstrap one
# included, to lock the run out, and then the run fails loudly (the provider raises).
@schemathesis.auth(refresh_interval=30)
class RunAdminToken:
    def get(self, case, context):
        return mint()

    def set(self, case, data, context):
        case.headers = dict(case.headers or {})
        case.headers["Authorization"] = f"Bearer {data}"
