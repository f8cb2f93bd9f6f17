-- The ledger: branches, account holders, their accounts, and the double-entry journal. Every
-- transfer has exactly two entries (one per side) whose amounts are in their account's currency;
-- an account's balance is the sum of its entries, kept on the row so a transfer can check it.

CREATE TABLE branch (
    id        bigserial PRIMARY KEY,
    code      varchar(8)   NOT NULL UNIQUE,
    name      varchar(100) NOT NULL,
    city      varchar(80)  NOT NULL,
    currency  varchar(3)   NOT NULL      -- the currency the branch reports in
);

CREATE TABLE owner (
    id                  bigserial PRIMARY KEY,
    display_name        varchar(120) NOT NULL,
    kind                varchar(16)  NOT NULL,  -- PERSON, BUSINESS, MERCHANT, HOUSE
    email               varchar(160) NOT NULL,
    street              varchar(120) NOT NULL,
    postal_code         varchar(16)  NOT NULL,
    city                varchar(80)  NOT NULL,
    country             varchar(2)   NOT NULL,
    reporting_currency  varchar(3)   NOT NULL,
    branch_id           bigint       NOT NULL REFERENCES branch (id)
);

CREATE TABLE account (
    id                     bigserial PRIMARY KEY,
    iban                   varchar(34) NOT NULL UNIQUE,
    name                   varchar(80) NOT NULL,
    currency              varchar(3)   NOT NULL,
    owner_id               bigint      NOT NULL REFERENCES owner (id),
    branch_id              bigint      NOT NULL REFERENCES branch (id),
    balance_cents          bigint      NOT NULL DEFAULT 0,   -- in the currency's minor unit
    overdraft_limit_cents  bigint      NOT NULL DEFAULT 0,
    opened_on              date        NOT NULL,
    version                bigint      NOT NULL DEFAULT 0    -- optimistic locking (JPA @Version)
);

CREATE TABLE transfer (
    id            bigserial PRIMARY KEY,
    reference     varchar(40)  NOT NULL UNIQUE,
    kind          varchar(16)  NOT NULL,
    description   varchar(140) NOT NULL,
    amount_cents  bigint       NOT NULL,   -- as instructed, in the transfer's currency
    currency      varchar(3)   NOT NULL,
    booked_at     timestamptz  NOT NULL
);

CREATE TABLE entry (
    id               bigserial PRIMARY KEY,
    account_id       bigint      NOT NULL REFERENCES account (id),
    transfer_id      bigint      NOT NULL REFERENCES transfer (id),
    counterparty_id  bigint      NOT NULL REFERENCES account (id),
    amount_cents     bigint      NOT NULL,   -- signed, in the account's currency: negative is a debit
    booked_at        timestamptz NOT NULL
);
