package dev.jvmbench.api.security;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.transaction.annotation.Transactional;

interface ApiTokenRepository extends JpaRepository<ApiToken, Long> {

    Optional<ApiToken> findByTokenSha256(String tokenSha256);

    List<ApiToken> findAllByOrderByIdAsc();

    @Transactional
    @Modifying
    @Query(value = "UPDATE api_tokens SET last_used_at = :at WHERE id = :id", nativeQuery = true)
    void touch(Long id, Instant at);

    @Transactional
    @Modifying
    @Query(value = "UPDATE api_tokens SET revoked_at = now() WHERE id = :id AND revoked_at IS NULL", nativeQuery = true)
    int revoke(Long id);
}
