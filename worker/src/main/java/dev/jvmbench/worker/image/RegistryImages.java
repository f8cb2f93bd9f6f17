package dev.jvmbench.worker.image;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.jvmbench.worker.container.ImageSummary;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Images as a registry holds them, read with the registry HTTP API (the OCI distribution spec):
 * the manifest of a tag (through an index to this machine's platform) and the image's config,
 * whose digest is the image id Docker shows for the same image and whose labels are the cache key
 * of the images built from uploaded JARs.
 *
 * <p>Anonymous access, with the anonymous bearer token a registry hands out on a 401 (public
 * repositories of the large registries): the local registry needs none. A registry that wants
 * credentials answers 401 again, and the message says so.
 */
final class RegistryImages {

    static final String ACCEPT = String.join(", ",
            "application/vnd.oci.image.index.v1+json",
            "application/vnd.docker.distribution.manifest.list.v2+json",
            "application/vnd.oci.image.manifest.v1+json",
            "application/vnd.docker.distribution.manifest.v2+json");
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Pattern CHALLENGE_PARAM = Pattern.compile("(\\w+)=\"([^\"]*)\"");
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();

    /** A reference split as the registry API wants it. */
    record Reference(String host, String repository, String tagOrDigest) {

        static Reference parse(String reference) {
            if (!Registry.namesARegistry(reference)) {
                throw new IllegalArgumentException("not a registry reference (host/repository:tag): " + reference);
            }
            int slash = reference.indexOf('/');
            String host = reference.substring(0, slash);
            String rest = reference.substring(slash + 1);
            int at = rest.indexOf('@');
            if (at >= 0) {
                return new Reference(host, rest.substring(0, at), rest.substring(at + 1));
            }
            int colon = rest.lastIndexOf(':');
            if (colon > rest.lastIndexOf('/')) {
                return new Reference(host, rest.substring(0, colon), rest.substring(colon + 1));
            }
            return new Reference(host, rest, "latest");
        }

        URI uri(String kind, String what) {
            String scheme = Registry.isLoopback(host) ? "http" : "https";
            return URI.create(scheme + "://" + host.toLowerCase(Locale.ROOT) + "/v2/" + repository + "/" + kind + "/" + what);
        }
    }

    /**
     * The image behind a reference: its config digest as the id, the reference as its only tag,
     * its config's labels and its compressed size; empty when the registry has no such tag.
     *
     * @throws ImageResolutionException when the registry cannot be read
     */
    Optional<ImageSummary> inspect(String reference) {
        Reference ref = Reference.parse(reference);
        Auth auth = new Auth();
        JsonNode manifest = fetchJson(ref, ref.uri("manifests", ref.tagOrDigest()), ACCEPT, auth, reference);
        if (manifest == null) {
            return Optional.empty();
        }
        if (manifest.has("manifests")) {
            String digest = platformManifest(manifest, reference);
            manifest = fetchJson(ref, ref.uri("manifests", digest), ACCEPT, auth, reference);
            if (manifest == null) {
                throw new ImageResolutionException("registry " + ref.host() + " lists " + digest + " for " + reference
                        + " but does not have it");
            }
        }
        JsonNode configDescriptor = manifest.path("config");
        String configDigest = configDescriptor.path("digest").asString("");
        if (configDigest.isEmpty()) {
            throw new ImageResolutionException("registry " + ref.host() + ": the manifest of " + reference
                    + " names no config (schema 1 images are not supported)");
        }
        JsonNode config = fetchJson(ref, ref.uri("blobs", configDigest), "*/*", auth, reference);
        if (config == null) {
            throw new ImageResolutionException("registry " + ref.host() + ": the config " + configDigest + " of "
                    + reference + " is missing");
        }
        Map<String, String> labels = new LinkedHashMap<>();
        JsonNode configLabels = config.path("config").path("Labels");
        configLabels.properties().forEach(e -> labels.put(e.getKey(), e.getValue().asString("")));
        long size = configDescriptor.path("size").asLong(0);
        for (JsonNode layer : manifest.path("layers")) {
            size += layer.path("size").asLong(0);
        }
        return Optional.of(new ImageSummary(configDigest, List.of(reference), labels, size));
    }

    /** This machine's entry of an index (linux and the JVM's architecture). */
    private static String platformManifest(JsonNode index, String reference) {
        String arch = switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> "amd64";
            case "aarch64", "arm64" -> "arm64";
            default -> System.getProperty("os.arch");
        };
        List<String> seen = new ArrayList<>();
        for (JsonNode entry : index.path("manifests")) {
            String os = entry.path("platform").path("os").asString("");
            String architecture = entry.path("platform").path("architecture").asString("");
            seen.add(os + "/" + architecture);
            if (os.equals("linux") && architecture.equals(arch)) {
                return entry.path("digest").asString();
            }
        }
        throw new ImageResolutionException(reference + " has no linux/" + arch + " image (it has " + seen + ")");
    }

    /** Bearer token state of one inspection. */
    private static final class Auth {
        String header;
    }

    /** The body as JSON; null on 404. */
    private JsonNode fetchJson(Reference ref, URI uri, String accept, Auth auth, String reference) {
        try {
            HttpResponse<String> response = get(uri, accept, auth.header);
            if (response.statusCode() == 401 && auth.header == null) {
                auth.header = token(response, ref, reference);
                if (auth.header != null) {
                    response = get(uri, accept, auth.header);
                }
            }
            int status = response.statusCode();
            if (status == 404) {
                return null;
            }
            if (status == 401 || status == 403) {
                throw new ImageResolutionException("registry " + ref.host() + " refuses anonymous access to "
                        + reference + " (" + status + "): the worker reads registries without credentials");
            }
            if (status != 200) {
                throw new ImageResolutionException("registry " + ref.host() + " answered " + status + " for " + uri
                        + ": " + abbreviate(response.body()));
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new ImageResolutionException("registry " + ref.host() + " cannot be reached (" + uri + "): "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ImageResolutionException("reading " + reference + " from registry " + ref.host()
                    + " was interrupted", e);
        } catch (tools.jackson.core.JacksonException e) {
            throw new ImageResolutionException("registry " + ref.host() + " sent no JSON for " + uri, e);
        }
    }

    private HttpResponse<String> get(URI uri, String accept, String authorization) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT).header("Accept", accept).GET();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** The anonymous token a {@code WWW-Authenticate: Bearer realm=...} challenge offers, or null. */
    private String token(HttpResponse<String> challenge, Reference ref, String reference)
            throws IOException, InterruptedException {
        String header = challenge.headers().firstValue("WWW-Authenticate").orElse("");
        if (!header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return null;
        }
        Map<String, String> params = new LinkedHashMap<>();
        Matcher m = CHALLENGE_PARAM.matcher(header);
        while (m.find()) {
            params.put(m.group(1).toLowerCase(Locale.ROOT), m.group(2));
        }
        String realm = params.get("realm");
        if (realm == null || !realm.startsWith("https://")) {
            return null; // a token endpoint over plain HTTP is not followed
        }
        StringBuilder url = new StringBuilder(realm).append(realm.contains("?") ? "&" : "?");
        url.append("scope=").append(URLEncoder.encode(params.getOrDefault("scope",
                "repository:" + ref.repository() + ":pull"), StandardCharsets.UTF_8));
        if (params.containsKey("service")) {
            url.append("&service=").append(URLEncoder.encode(params.get("service"), StandardCharsets.UTF_8));
        }
        HttpResponse<String> response = get(URI.create(url.toString()), "application/json", null);
        if (response.statusCode() != 200) {
            return null;
        }
        JsonNode body = JSON.readTree(response.body());
        String token = body.path("token").asString(body.path("access_token").asString(""));
        return token.isEmpty() ? null : "Bearer " + token;
    }

    private static String abbreviate(String body) {
        String text = body == null ? "" : body.strip();
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
