-- A webhook's secret rotated in place (POST /api/v1/webhooks/{id}/secret, docs/alerts.md "Rotating
-- a secret"): the secret it replaced keeps signing beside the new one until previous_secret_until, so
-- that a receiver can switch to the new secret at its own pace and no delivery fails verification in
-- between. Both or neither.
ALTER TABLE webhooks
    ADD COLUMN previous_secret       VARCHAR(200),
    ADD COLUMN previous_secret_until TIMESTAMPTZ,
    ADD CONSTRAINT webhooks_previous_secret_until CHECK ((previous_secret IS NULL) = (previous_secret_until IS NULL));
