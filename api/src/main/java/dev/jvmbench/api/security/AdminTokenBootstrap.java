package dev.jvmbench.api.security;

import dev.jvmbench.api.config.BenchProperties;
import dev.jvmbench.common.OwnerOnlyFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * On the first start (no token exists) creates an admin token, prints it once and writes it to
 * data-dir/admin-token (owner-only), so the quick start needs no manual step.
 */
@Component
class AdminTokenBootstrap implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(AdminTokenBootstrap.class);
    private final TokenService tokens;
    private final BenchProperties properties;

    AdminTokenBootstrap(TokenService tokens, BenchProperties properties) {
        this.tokens = tokens;
        this.properties = properties;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (tokens.anyToken()) {
            return;
        }
        String preset = properties.security().bootstrapToken();
        var issued = preset == null || preset.isBlank()
                ? tokens.issue("bootstrap-admin", Role.ADMIN)
                : tokens.issue("bootstrap-admin", Role.ADMIN, preset.trim());
        Path file = properties.dataDir().resolve("admin-token");
        try {
            Files.createDirectories(properties.dataDir());
            OwnerOnlyFiles.write(file, issued.token() + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the admin token to " + file, e);
        }
        // Printed to stdout on purpose: shown once, like a generated password, never logged again.
        System.out.println("jvmbench: created the first admin token (shown once, also in " + file + "):\n  "
                + issued.token());
        log.info("Created the first admin token (id {}); it is in {}", issued.id(), file);
    }
}
