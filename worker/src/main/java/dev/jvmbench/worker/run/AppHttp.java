package dev.jvmbench.worker.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** Single requests to the app outside the load: the verify request, whether it serves its metrics. */
final class AppHttp {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

    private AppHttp() {
    }

    /** Whether {@code uri} answers 200 within a few seconds. */
    static boolean answers(URI uri) {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
            return client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** One request; the body as text. */
    static HttpResponse<String> send(String method, URI uri, Map<String, String> headers, String body, Duration timeout)
            throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build()) {
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout)
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(body));
            headers.forEach(request::header);
            return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }
}
