package dev.jvmbench.api.security;

import dev.jvmbench.api.problem.Problems;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Authenticates {@code Authorization: Bearer <token>}. A request without the header goes on
 * anonymously (and is refused later where a role is needed); a header that does not hold a known
 * token is refused at once.
 */
class BearerTokenFilter extends OncePerRequestFilter {

    private final TokenService tokens;
    private final ProblemSecurityHandlers entryPoint;

    BearerTokenFilter(TokenService tokens, ProblemSecurityHandlers entryPoint) {
        this.tokens = tokens;
        this.entryPoint = entryPoint;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader("Authorization");
        if (header == null || header.isBlank()) {
            chain.doFilter(request, response);
            return;
        }
        if (!header.regionMatches(true, 0, "Bearer ", 0, 7) || header.length() <= 7) {
            entryPoint.commence(request, response,
                    new BadCredentialsException("the Authorization header must be 'Bearer <token>'"));
            return;
        }
        Optional<TokenService.Principal> principal;
        try {
            principal = tokens.authenticate(header.substring(7).trim());
        } catch (RuntimeException e) {
            if (!Problems.isDatabaseUnavailable(e)) {
                throw e;
            }
            entryPoint.databaseUnavailable(request, response);
            return;
        }
        if (principal.isEmpty()) {
            entryPoint.commence(request, response, new BadCredentialsException("the bearer token is unknown or revoked"));
            return;
        }
        var authentication = new UsernamePasswordAuthenticationToken(principal.get(), null,
                principal.get().role().grantedAuthorities());
        var context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(authentication);
        SecurityContextHolder.setContext(context);
        try {
            chain.doFilter(request, response);
        } finally {
            SecurityContextHolder.clearContext();
        }
    }
}
