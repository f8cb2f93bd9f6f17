-- An upload stores any bytes (content-addressed, once per sha256); whether they are an executable
-- JAR is recorded next to them: main_class when they are, not_executable_reason when they are not.
-- A job may name only an executable artifact (the api answers 409 otherwise), so a run never
-- starts from a file that cannot start. Empty uploads are stored too (nothing to execute).
ALTER TABLE artifacts ALTER COLUMN main_class DROP NOT NULL;
ALTER TABLE artifacts ADD COLUMN not_executable_reason VARCHAR(300);
ALTER TABLE artifacts DROP CONSTRAINT artifacts_size_bytes_check;
ALTER TABLE artifacts ADD CONSTRAINT artifacts_size_bytes_check CHECK (size_bytes >= 0);
ALTER TABLE artifacts ADD CONSTRAINT artifacts_executable_or_why_not
    CHECK ((main_class IS NULL) <> (not_executable_reason IS NULL));
