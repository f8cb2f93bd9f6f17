package dev.jvmbench.api.webhook;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * What a webhook's URL may be: http or https, a host name (RFC 2396's, as java.net.URI reads one: its
 * last label starts with a letter) or an IPv4 address, an optional port 1-65535, an optional path and
 * query of RFC 3986's characters (others percent-encoded); no user information, no fragment, no IPv6
 * literal. The pattern means the same in Java and in ECMA-262 (the contract's), and every URL it
 * allows is one java.net.URI and the HTTP client take, so the contract and the api agree.
 */
final class WebhookUrls {

    private static final String LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
    private static final String TOP_LABEL = "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
    private static final String OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])";
    private static final String PORT = "(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])";
    private static final String PATH_CHAR = "(?:[A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-Fa-f]{2})";
    private static final String QUERY_CHAR = "(?:[A-Za-z0-9._~!$&'()*+,;=:@/?-]|%[0-9A-Fa-f]{2})";

    static final String PATTERN = "^https?://(?:(?:" + LABEL + "\\.)*" + TOP_LABEL + "|(?:" + OCTET + "\\.){3}" + OCTET + ")"
            + "(?::" + PORT + ")?(?:/" + PATH_CHAR + "*)?(?:\\?" + QUERY_CHAR + "*)?$";
    static final int MAX_CHARS = 2000;
    static final String RULE = "must be an http:// or https:// URL: a host name or IPv4 address, an optional port, path "
            + "and query (RFC 3986 characters, others percent-encoded), no user information or fragment";

    private WebhookUrls() {
    }

    /** The URL as the client sends to it; null when it is not one (the pattern already refused it). */
    static URI parse(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null || uri.getRawUserInfo() != null
                    || uri.getRawFragment() != null) {
                return null;
            }
            return uri;
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
