-- Bearer tokens. Only a SHA-256 of the secret is stored: a database dump never yields a usable token.
CREATE TABLE api_tokens (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name         VARCHAR(100) NOT NULL,
    role         VARCHAR(16)  NOT NULL CHECK (role IN ('READ', 'SUBMIT', 'ADMIN')),
    token_sha256 VARCHAR(64)   NOT NULL UNIQUE,
    created_at   TIMESTAMPTZ  NOT NULL DEFAULT now(),
    last_used_at TIMESTAMPTZ,
    revoked_at   TIMESTAMPTZ
);
