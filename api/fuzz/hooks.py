"""The hooks api/fuzz/schemathesis.sh loads (SCHEMATHESIS_HOOKS=hooks): authentication, and the one
generation filter for a Schemathesis serialization gap. Each module says why it exists."""
import auth  # noqa: F401  (registers the admin-token provider)
import multipart_wire  # noqa: F401  (drops multipart cases whose generated body cannot be sent as generated)
