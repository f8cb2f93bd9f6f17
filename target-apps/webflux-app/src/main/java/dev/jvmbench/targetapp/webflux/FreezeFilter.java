package dev.jvmbench.targetapp.webflux;

import dev.jvmbench.targetapp.scenario.Freeze;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * A frozen app ({@code freezeAfterRequests}, see {@link Freeze}) leaves every scenario request
 * unanswered, without holding a thread: the event loops stay free, so {@code /actuator/**} and
 * {@code /info} keep answering.
 */
@Component
class FreezeFilter implements WebFilter {

    private final Freeze freeze;

    FreezeFilter(Freeze freeze) {
        this.freeze = freeze;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (freeze.frozen() && exchange.getRequest().getPath().pathWithinApplication().value().startsWith("/scenarios/")) {
            return hang(freeze);
        }
        return chain.filter(exchange);
    }

    /** Never answers until the app stops; then the request fails. */
    static <T> Mono<T> hang(Freeze freeze) {
        return Mono.fromCompletionStage(freeze.thawed())
                .then(Mono.error(new IllegalStateException("a frozen request was released because the app stops")));
    }
}
