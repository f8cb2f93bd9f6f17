-- Uploaded application JARs, stored once per content hash.
CREATE TABLE artifacts (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    sha256       VARCHAR(64)    NOT NULL UNIQUE,
    filename     VARCHAR(255)  NOT NULL,
    size_bytes   BIGINT        NOT NULL CHECK (size_bytes > 0),
    main_class   VARCHAR(500)  NOT NULL,
    spring_boot  BOOLEAN       NOT NULL,
    storage_path VARCHAR(1000) NOT NULL,
    created_at   TIMESTAMPTZ   NOT NULL DEFAULT now()
);
