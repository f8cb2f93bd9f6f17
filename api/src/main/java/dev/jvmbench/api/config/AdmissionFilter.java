package dev.jvmbench.api.config;

import dev.jvmbench.api.problem.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * Admission control for /api: at most bench.api.max-concurrent-requests requests are inside the
 * application at once; the others wait here, in arrival order, on their (virtual) threads. With
 * hundreds of concurrent clients the queue forms at the door instead of in the connection pool,
 * whose short timeout is meant for a database that is down (503 within seconds), not for a busy
 * api; and the admitted requests share the CPU among a few, so each finishes sooner. A request
 * that waits longer than bench.api.admission-timeout gets a 503 with Retry-After.
 * Runs before security, so waiting requests cost no token lookup.
 */
@Component
@Order(-200)
class AdmissionFilter extends OncePerRequestFilter {

    private final Semaphore permits;
    private final Duration timeout;
    private final JsonMapper json;

    AdmissionFilter(BenchProperties properties, JsonMapper json) {
        BenchProperties.Api api = properties.api();
        int limit = api.maxConcurrentRequests() > 0 ? api.maxConcurrentRequests()
                : 2 * properties.db().pool().maxSize();
        this.permits = new Semaphore(limit, true);
        this.timeout = api.admissionTimeout();
        this.json = json;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return !request.getRequestURI().startsWith("/api/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        boolean admitted;
        try {
            admitted = permits.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            admitted = false;
        }
        if (!admitted) {
            Problems.write(json, request, response, Problems.serviceUnavailable(
                    "the api is busy: the request waited " + timeout.toSeconds() + " s for its turn; retry shortly"));
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            permits.release();
        }
    }
}
