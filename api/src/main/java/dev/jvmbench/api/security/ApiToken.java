package dev.jvmbench.api.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

@Entity
@Table(name = "api_tokens")
class ApiToken {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private String name;
    @Enumerated(EnumType.STRING)
    private Role role;
    @Column(name = "token_sha256")
    private String tokenSha256;
    @Column(insertable = false, updatable = false)
    private Instant createdAt;
    private Instant lastUsedAt;
    private Instant revokedAt;

    protected ApiToken() {
    }

    ApiToken(String name, Role role, String tokenSha256) {
        this.name = name;
        this.role = role;
        this.tokenSha256 = tokenSha256;
    }

    Long id() {
        return id;
    }

    String name() {
        return name;
    }

    Role role() {
        return role;
    }

    Instant createdAt() {
        return createdAt;
    }

    Instant lastUsedAt() {
        return lastUsedAt;
    }

    Instant revokedAt() {
        return revokedAt;
    }

    boolean revoked() {
        return revokedAt != null;
    }
}
