"""Drops generated multipart cases that Schemathesis cannot put on the wire as generated.

Schemathesis 4.32.5 sends each list item of a multipart property as one part, so a property whose
value is an empty list sends no part at all (transport/requests.py, prepare_multipart_v3). When the
fuzzing phase breaks `additionalProperties: false` with `{"file": <bytes>, "<extra>": []}`, the
request that reaches the api is the valid single-part upload; the api answers 200, as it must, and
Schemathesis reports ST201 "schema-violating request accepted" for a violation it never sent
(CI run of 10b4821, seed 966737161, POST /api/v1/artifacts).

Only such cases are dropped, before they are sent: any other case, valid or not, goes to the api as
generated, and no check or failure is filtered. An extra part that does reach the wire (a
non-empty list, a string, a number, null as "null") is still generated and must still get a 400.
"""
import schemathesis


def sends_every_property(case) -> bool:
    """False when a multipart body holds a property that would send no part (an empty list)."""
    media_type = (case.media_type or "").split(";")[0].strip().lower()
    if not media_type.startswith("multipart/") or not isinstance(case.body, dict):
        return True
    return not any(isinstance(value, list) and not value for value in case.body.values())


@schemathesis.hook
def filter_case(context, case):
    return sends_every_property(case)


if __name__ == "__main__":
    # Self-check, run by schemathesis.sh before fuzzing: the premise (an empty list sends no part)
    # still holds for the installed Schemathesis, and the filter drops exactly those cases.
    import sys
    from schemathesis.transport.requests import REQUESTS_TRANSPORT

    operation = schemathesis.openapi.from_path(sys.argv[1])["/api/v1/artifacts"]["POST"]

    def case(body):
        return operation.Case(body=body, media_type="multipart/form-data")

    unsent = case({"file": b"PK", "extra": []})
    sent_parts = [name for name, _ in REQUESTS_TRANSPORT.serialize_case(unsent)["files"]]
    if sent_parts != ["file"]:
        sys.exit(f"premise changed: an empty-list property now sends parts {sent_parts}; revisit multipart_wire.py")
    assert not sends_every_property(unsent)
    assert sends_every_property(case({"file": b"PK"}))
    assert sends_every_property(case({"file": b"PK", "extra": ["x"]}))
    assert sends_every_property(case({"file": b"PK", "extra": None}))
    print("multipart_wire: an empty-list property sends no part; such cases are dropped, all others kept")
