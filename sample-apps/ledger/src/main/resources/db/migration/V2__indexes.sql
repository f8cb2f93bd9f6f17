-- added after the seed's bulk load in a real deployment; here Flyway runs before the seeder, so
-- they are maintained during it (the seed still takes seconds)

-- a statement: one account's entries of one month, in booking order
CREATE INDEX entry_account_booked ON entry (account_id, booked_at, id);
CREATE INDEX entry_transfer ON entry (transfer_id);
CREATE INDEX account_owner ON account (owner_id);
