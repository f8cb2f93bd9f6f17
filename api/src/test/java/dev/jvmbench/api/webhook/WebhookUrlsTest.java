package dev.jvmbench.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A webhook's URL: the contract's pattern and the api's check agree, so a URL the contract allows is
 * never refused, and every one of them is a request the HTTP client can make.
 */
class WebhookUrlsTest {

    private static final Pattern URL = Pattern.compile(WebhookUrls.PATTERN);

    @Test
    void httpAndHttpsUrlsAreTakenAndNothingElse() {
        for (String ok : List.of("http://127.0.0.1:8080/hook", "https://ci.example.com/hooks/jvmbench",
                "https://hooks.slack.com/services/T000/B000/XXXX", "http://localhost", "http://a.b:65535/x?y=1&z=%20",
                "http://host?x", "https://1.2.3.a/", "http://0.0.0.0:1/", "https://x-y.example/a/b/c/;p=1:@!$&'()*+,")) {
            assertThat(URL.matcher(ok).matches()).as(ok).isTrue();
            assertThat(WebhookUrls.parse(ok)).as(ok).isNotNull();
        }
        for (String bad : List.of("ftp://example.com/", "example.com", "http://", "http:///x", "http://user@host/",
                "http://host/#f", "http://host:0/", "http://host:65536/", "http://999.1.1.1/", "http://-a.com/",
                "http://a-.com/", "http://a..com/", "http://host./", "https://[::1]/", "http://host/a b", "http://host/%zz",
                "HTTP://host/", "http://h\u00e9.com/", "http://host/\n", "mailto:a@b.c", "")) {
            assertThat(URL.matcher(bad).matches()).as(bad).isFalse();
        }
    }

    @Test
    void everyUrlThePatternAllowsIsOneTheClientSendsTo() {
        SplittableRandom random = new SplittableRandom(28);
        String alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        String pathChars = alnum + "._~!$&'()*+,;=:@/-";
        for (int i = 0; i < 5000; i++) {
            StringBuilder url = new StringBuilder(random.nextBoolean() ? "http://" : "https://");
            if (random.nextInt(4) == 0) {
                url.append(random.nextInt(256)).append('.').append(random.nextInt(256)).append('.')
                        .append(random.nextInt(256)).append('.').append(random.nextInt(256));
            } else {
                int labels = random.nextInt(4);
                for (int l = 0; l < labels; l++) {
                    url.append(label(random, alnum, alnum)).append('.');
                }
                url.append(label(random, alnum.substring(0, 52), alnum));
            }
            if (random.nextBoolean()) {
                url.append(':').append(1 + random.nextInt(65535));
            }
            if (random.nextBoolean()) {
                url.append('/');
                int n = random.nextInt(30);
                for (int c = 0; c < n; c++) {
                    url.append(random.nextInt(10) == 0 ? "%" + "0123456789abcdefABCDEF".charAt(random.nextInt(22))
                            + "0123456789ABCDEF".charAt(random.nextInt(16)) : pathChars.charAt(random.nextInt(pathChars.length())));
                }
            }
            if (random.nextBoolean()) {
                url.append('?');
                int n = random.nextInt(20);
                for (int c = 0; c < n; c++) {
                    url.append((pathChars + "?").charAt(random.nextInt(pathChars.length() + 1)));
                }
            }
            String candidate = url.toString();
            assertThat(URL.matcher(candidate).matches()).as(candidate).isTrue();
            URI parsed = WebhookUrls.parse(candidate);
            assertThat(parsed).as(candidate).isNotNull();
            assertThat(HttpRequest.newBuilder(parsed).POST(HttpRequest.BodyPublishers.noBody()).build().uri().getHost())
                    .as(candidate).isNotNull();
        }
    }

    private static String label(SplittableRandom random, String first, String rest) {
        StringBuilder label = new StringBuilder().append(first.charAt(random.nextInt(first.length())));
        int more = random.nextInt(5);
        for (int i = 0; i < more; i++) {
            label.append((rest + "-").charAt(random.nextInt(rest.length() + 1)));
        }
        if (label.charAt(label.length() - 1) == '-') {
            label.append('x');
        }
        return label.toString();
    }
}
