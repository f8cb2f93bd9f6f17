package dev.jvmbench.worker.image;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The registry a cluster pulls the run's images from ({@code bench.worker.registry}, e.g.
 * {@code 127.0.0.1:5000} or {@code registry.example.com/jvmbench}): where the worker looks up the
 * stock and base images and pushes the images it builds from uploaded JARs.
 *
 * <p>Plain HTTP only for a loopback registry (127.0.0.0/8, ::1, localhost: the node itself, as
 * the local cluster's); any other is spoken to over HTTPS, never downgraded.
 *
 * @param host      host and port, e.g. {@code 127.0.0.1:5000}
 * @param namespace a path prefix inside it (e.g. {@code jvmbench} of {@code registry.example.com/jvmbench}), or ""
 * @param plainHttp whether it is reached over HTTP (loopback only)
 */
public record Registry(String host, String namespace, boolean plainHttp) {

    private static final Pattern HOST = Pattern.compile("(\\[[0-9a-fA-F:]+]|[A-Za-z0-9.-]+)(:\\d{1,5})?");
    private static final Pattern PATH = Pattern.compile("[a-z0-9]+(?:[._-][a-z0-9]+)*(?:/[a-z0-9]+(?:[._-][a-z0-9]+)*)*");

    public Registry {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(namespace, "namespace");
        if (!HOST.matcher(host).matches()) {
            throw new IllegalArgumentException("registry host must be host[:port], was '" + host + "'");
        }
        if (!namespace.isEmpty() && !PATH.matcher(namespace).matches()) {
            throw new IllegalArgumentException("registry path must be lower-case path components, was '" + namespace + "'");
        }
        if (plainHttp && !isLoopback(host)) {
            throw new IllegalArgumentException("plain HTTP is allowed for a loopback registry only, not " + host);
        }
    }

    /**
     * {@code host[:port][/path]} (no scheme: HTTP is chosen for a loopback host, HTTPS otherwise).
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Registry parse(String value) {
        Objects.requireNonNull(value, "registry");
        String text = value.strip();
        if (text.contains("://")) {
            throw new IllegalArgumentException("bench.worker.registry is host[:port][/path] without a scheme (HTTP is"
                    + " used for a loopback registry only, HTTPS otherwise), was '" + value + "'");
        }
        text = text.replaceAll("/+$", "");
        int slash = text.indexOf('/');
        String host = slash < 0 ? text : text.substring(0, slash);
        String path = slash < 0 ? "" : text.substring(slash + 1);
        if (host.isEmpty()) {
            throw new IllegalArgumentException("bench.worker.registry names no host: '" + value + "'");
        }
        return new Registry(host, path, isLoopback(host));
    }

    /** Whether the host is this machine's loopback (decided from the name alone, no DNS lookup). */
    static boolean isLoopback(String hostAndPort) {
        String name = hostAndPort.startsWith("[")
                ? hostAndPort.substring(1, hostAndPort.indexOf(']'))
                : hostAndPort.replaceFirst(":\\d+$", "");
        if (name.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!name.matches("[0-9.]+") && !name.contains(":")) {
            return false; // a name: never trusted to be local
        }
        try {
            return InetAddress.getByName(name).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * Where an image name lives: a name that already names a registry (its first component has a
     * '.' or ':' or is {@code localhost}, as Docker reads it) stays as it is, any other (the
     * project's {@code jvmbench/jdk:25}, a Docker Hub style {@code eclipse-temurin:25-jre}) is
     * looked up in this registry.
     */
    public String qualify(String name) {
        Objects.requireNonNull(name, "name");
        if (namesARegistry(name)) {
            return name;
        }
        return host + "/" + (namespace.isEmpty() ? "" : namespace + "/") + name;
    }

    /** Whether a reference is in this registry (then the worker can check it is there). */
    public boolean holds(String reference) {
        return reference.startsWith(host + "/" + (namespace.isEmpty() ? "" : namespace + "/"));
    }

    static boolean namesARegistry(String name) {
        int slash = name.indexOf('/');
        if (slash < 0) {
            return false;
        }
        String first = name.substring(0, slash);
        return first.contains(".") || first.contains(":") || first.equals("localhost");
    }

    /** The registry API's base, {@code http(s)://host/v2/}. */
    URI apiBase() {
        return URI.create((plainHttp ? "http" : "https") + "://" + host.toLowerCase(Locale.ROOT) + "/v2/");
    }

    @Override
    public String toString() {
        return host + (namespace.isEmpty() ? "" : "/" + namespace) + (plainHttp ? " (plain HTTP, loopback)" : "");
    }
}
