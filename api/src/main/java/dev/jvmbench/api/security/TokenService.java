package dev.jvmbench.api.security;

import dev.jvmbench.api.problem.ApiException;
import dev.jvmbench.common.Hashing;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Service;

/**
 * Issues and checks bearer tokens. A verified token is remembered for a few seconds so a busy
 * client does not cost one query per request; revocation therefore takes effect within
 * {@link #CACHE_TTL}.
 */
@Service
public class TokenService {

    static final String PREFIX = "bench_";
    private static final Duration CACHE_TTL = Duration.ofSeconds(10);
    private static final Duration TOUCH_INTERVAL = Duration.ofMinutes(1);
    private final ApiTokenRepository tokens;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Cached> verified = new ConcurrentHashMap<>();

    TokenService(ApiTokenRepository tokens, Clock clock) {
        this.tokens = tokens;
        this.clock = clock;
    }

    /** A new token; the secret is returned once and only its hash is stored. */
    public IssuedToken issue(String name, Role role) {
        return issue(name, role, newSecret());
    }

    IssuedToken issue(String name, Role role, String secret) {
        if (!secret.startsWith(PREFIX) || secret.length() < PREFIX.length() + 20) {
            throw new IllegalArgumentException("a token must start with " + PREFIX + " and hold at least 20 more characters");
        }
        ApiToken saved = tokens.save(new ApiToken(name, role, sha256(secret)));
        return new IssuedToken(saved.id(), name, role, secret);
    }

    Optional<Principal> authenticate(String secret) {
        String hash = sha256(secret);
        Instant now = clock.instant();
        Cached cached = verified.get(hash);
        if (cached != null && cached.until.isAfter(now)) {
            return Optional.of(cached.principal);
        }
        Optional<ApiToken> token = tokens.findByTokenSha256(hash).filter(t -> !t.revoked());
        token.ifPresentOrElse(t -> {
            verified.put(hash, new Cached(new Principal(t.id(), t.name(), t.role()), now.plus(CACHE_TTL)));
            if (t.lastUsedAt() == null || t.lastUsedAt().isBefore(now.minus(TOUCH_INTERVAL))) {
                tokens.touch(t.id(), now);
            }
        }, () -> verified.remove(hash));
        return token.map(t -> new Principal(t.id(), t.name(), t.role()));
    }

    boolean anyToken() {
        return tokens.count() > 0;
    }

    List<TokenView> list() {
        return tokens.findAllByOrderByIdAsc().stream().map(TokenView::of).toList();
    }

    TokenView revoke(long id) {
        ApiToken token = tokens.findById(id).orElseThrow(() -> ApiException.notFound("token", id));
        tokens.revoke(id);
        verified.clear();
        return TokenView.of(tokens.findById(token.id()).orElseThrow());
    }

    private String newSecret() {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String sha256(String value) {
        return Hashing.sha256Hex(value);
    }

    /** Who made a request. */
    public record Principal(long tokenId, String name, Role role) {
    }

    public record IssuedToken(long id, String name, Role role, String token) {
    }

    record TokenView(long id, String name, Role role, Instant createdAt, Instant lastUsedAt, Instant revokedAt) {
        static TokenView of(ApiToken t) {
            return new TokenView(t.id(), t.name(), t.role(), t.createdAt(), t.lastUsedAt(), t.revokedAt());
        }
    }

    private record Cached(Principal principal, Instant until) {
    }

    static ApiException badToken() {
        return new ApiException(HttpStatus.UNAUTHORIZED, "Unauthorized", "the bearer token is unknown or revoked");
    }
}
