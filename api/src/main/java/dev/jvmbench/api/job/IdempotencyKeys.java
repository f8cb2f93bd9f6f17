package dev.jvmbench.api.job;

import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Idempotency-Key bookkeeping. Called inside the submitting transaction: a concurrent request
 * with the same key blocks on the key's unique index until the first commits or rolls back.
 */
@Component
class IdempotencyKeys {

    /** What a key may be, as the contract states it: 1 to 255 visible ASCII characters. */
    static final String PATTERN = "^[!-~]+$";
    private final JdbcClient jdbc;

    IdempotencyKeys(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    static boolean valid(String key) {
        return key.length() >= 1 && key.length() <= 255 && key.chars().allMatch(c -> c >= '!' && c <= '~');
    }

    /** True when this request claimed the key; false when the key was already used. */
    boolean claim(String key, String requestSha256) {
        return jdbc.sql("INSERT INTO idempotency_keys (idem_key, request_sha256) VALUES (:key, :hash) ON CONFLICT DO NOTHING")
                .param("key", key).param("hash", requestSha256).update() == 1;
    }

    void bind(String key, long jobId) {
        jdbc.sql("UPDATE idempotency_keys SET job_id = :job WHERE idem_key = :key")
                .param("job", jobId).param("key", key).update();
    }

    Optional<Used> find(String key) {
        return jdbc.sql("SELECT request_sha256, job_id FROM idempotency_keys WHERE idem_key = :key")
                .param("key", key)
                .query((rs, n) -> new Used(rs.getString(1), (Long) rs.getObject(2)))
                .optional();
    }

    record Used(String requestSha256, Long jobId) {
    }
}
