package dev.jvmbench.api.artifact;

import dev.jvmbench.api.config.BenchProperties;
import jakarta.servlet.MultipartConfigElement;
import org.springframework.boot.servlet.MultipartConfigFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;

/** The upload size limit (bench.artifacts.max-size); past it the API answers 413. */
@Configuration(proxyBeanMethods = false)
class UploadLimits {

    @Bean
    MultipartConfigElement multipartConfigElement(BenchProperties properties) {
        MultipartConfigFactory factory = new MultipartConfigFactory();
        factory.setMaxFileSize(properties.artifacts().maxSize());
        factory.setMaxRequestSize(DataSize.ofBytes(properties.artifacts().maxSize().toBytes() + DataSize.ofMegabytes(1).toBytes()));
        factory.setFileSizeThreshold(DataSize.ofMegabytes(1));
        return factory.createMultipartConfig();
    }
}
