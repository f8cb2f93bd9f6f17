-- Webhooks (docs/alerts.md): a change point in the worse direction on a gate metric, sent to a URL
-- per label selector, signed as Standard Webhooks sign (HMAC-SHA256). All three tables are the
-- api's own (dev.jvmbench.api.webhook.WebhookStore); the worker never reads them.

-- A receiver and the jobs it hears about: those carrying every label of labels (and of app and
-- scenario, when given). secret is the signing key as shown to its owner (whsec_ + base64): an
-- HMAC is computed with the key itself, so it is kept as it is, unlike an api token's hash.
CREATE TABLE webhooks (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    url        VARCHAR(2000) NOT NULL,
    labels     JSONB         NOT NULL DEFAULT '{}',
    app        VARCHAR(300),
    scenario   VARCHAR(100),
    secret     VARCHAR(200)  NOT NULL,
    created_by BIGINT,
    created_at TIMESTAMPTZ   NOT NULL DEFAULT now()
);

-- One message per webhook x job where the change point entered x series (metric/jdk/model/level):
-- the unique key makes a second finding of the same change point (another api instance, a job
-- checked again after a crash, a later job of the series) a no-op. The payload is stored as sent,
-- so every retry sends the same bytes under the same message_id (Standard Webhooks' webhook-id).
-- A PENDING row is due at next_attempt_at; an attempt moves it ahead by a lease first, so a crash
-- while sending leaves it due again once the lease has passed, never lost.
CREATE TABLE webhook_deliveries (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    webhook_id       BIGINT        NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    job_id           BIGINT        NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    series_key       VARCHAR(200)  NOT NULL,
    checked_job_id   BIGINT        NOT NULL,
    message_id       VARCHAR(64)   NOT NULL UNIQUE,
    payload          TEXT          NOT NULL,
    status           VARCHAR(16)   NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempts         INT           NOT NULL DEFAULT 0,
    next_attempt_at  TIMESTAMPTZ,
    last_attempt_at  TIMESTAMPTZ,
    last_status_code INT,
    last_error       VARCHAR(500),
    created_at       TIMESTAMPTZ   NOT NULL DEFAULT now(),
    delivered_at     TIMESTAMPTZ,
    UNIQUE (webhook_id, job_id, series_key)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX webhook_deliveries_webhook_idx ON webhook_deliveries (webhook_id, id DESC);

-- The ended jobs the api has looked at for webhooks, written in the transaction that stores their
-- deliveries: a job ended while the api was down, or whose check a crash cut short, has no row and
-- is looked at on the next pass.
CREATE TABLE webhook_job_checks (
    job_id     BIGINT      PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
    checked_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE finished_at IS NOT NULL;
