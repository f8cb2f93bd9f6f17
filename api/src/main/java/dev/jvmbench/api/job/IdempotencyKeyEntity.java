package dev.jvmbench.api.job;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "idempotency_keys")
class IdempotencyKeyEntity {

    @Id
    @Column(name = "idem_key")
    private String key;
    @Column(name = "request_sha256")
    private String requestSha256;
    private Long jobId;

    protected IdempotencyKeyEntity() {
    }

    String requestSha256() {
        return requestSha256;
    }

    Long jobId() {
        return jobId;
    }
}
