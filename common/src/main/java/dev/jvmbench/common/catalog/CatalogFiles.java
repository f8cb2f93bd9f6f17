package dev.jvmbench.common.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/** Reads a catalogue YAML file from "classpath:..." or a file path. */
final class CatalogFiles {

    private CatalogFiles() {
    }

    static Map<String, Object> read(String location) {
        try (InputStream in = open(location)) {
            Object parsed = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
            if (!(parsed instanceof Map<?, ?> map)) {
                throw new IllegalArgumentException("catalogue " + location + " is not a YAML mapping");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> typed = (Map<String, Object>) map;
            return typed;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read catalogue " + location, e);
        }
    }

    private static InputStream open(String location) throws IOException {
        if (location.startsWith("classpath:")) {
            String resource = location.substring("classpath:".length()).replaceFirst("^/", "");
            InputStream in = CatalogFiles.class.getClassLoader().getResourceAsStream(resource);
            if (in == null) {
                throw new IOException("no classpath resource " + resource);
            }
            return in;
        }
        return Files.newInputStream(Path.of(location.replaceFirst("^file:", "")));
    }

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> list(Map<String, Object> root, String key, String location) {
        Object value = root.get(key);
        if (!(value instanceof List<?> list)) {
            throw new IllegalArgumentException("catalogue " + location + " has no list '" + key + "'");
        }
        return (List<Map<String, Object>>) list;
    }

    static String string(Map<String, Object> map, String key) {
        Object value = map.get(key);
        return value == null ? null : value.toString();
    }

    static int integer(Map<String, Object> map, String key, String location) {
        Object value = map.get(key);
        if (value instanceof Number number) {
            return number.intValue();
        }
        throw new IllegalArgumentException("catalogue " + location + ": '" + key + "' must be a number in " + map);
    }

    static Double number(Map<String, Object> map, String key) {
        Object value = map.get(key);
        return value instanceof Number number ? number.doubleValue() : null;
    }
}
