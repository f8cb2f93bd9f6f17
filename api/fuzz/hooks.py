"""Schemathesis hooks for api/fuzz/schemathesis.sh (loaded through SCHEMATHESIS_HOOKS).

The fuzzing runs with an admin token made for the run. Revoking that very token
(DELETE /api/v1/tokens/{its id}) would answer every later request with 401 and end the run,
so that one id is replaced by one that does not exist (the documented 404 is still checked).
Nothing else is filtered: every other token, the bootstrap admin one included, may be revoked.
"""
import os

import schemathesis

PROTECTED = int(os.environ["FUZZ_PROTECTED_TOKEN_ID"])
NO_SUCH_TOKEN = 9_000_000_000_000_000_000


@schemathesis.hook
def before_call(context, case, kwargs):
    operation = case.operation
    if operation.method.upper() != "DELETE" or operation.path != "/api/v1/tokens/{id}":
        return
    value = (case.path_parameters or {}).get("id")
    try:
        same = int(str(value)) == PROTECTED
    except ValueError:
        same = False
    if same:
        case.path_parameters["id"] = NO_SUCH_TOKEN
