package dev.jvmbench.targetapp.mvc;

import dev.jvmbench.targetapp.scenario.ScenarioBeans;
import dev.jvmbench.targetapp.scenario.Freeze;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import dev.jvmbench.targetapp.scenario.ThreadModel;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.thread.Threading;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The Spring MVC target app on Tomcat. Platform or virtual threads are chosen by
 * {@code spring.threads.virtual.enabled} (env SPRING_THREADS_VIRTUAL_ENABLED) at start,
 * never by rebuilding; see target-apps/README.md for the whole contract.
 */
@SpringBootApplication
@Import(ScenarioBeans.class)
public class MvcTargetApplication {

    public static void main(String[] args) {
        SpringApplication.run(MvcTargetApplication.class, args);
    }

    /** The thread model Tomcat was started with: the same switch Boot itself reads. */
    @Bean
    ThreadModel threadModel(Environment environment) {
        return Threading.VIRTUAL.isActive(environment) ? ThreadModel.VIRTUAL : ThreadModel.PLATFORM;
    }

    /** A frozen app (freezeAfterRequests) hangs every scenario request before its handler runs. */
    @Bean
    WebMvcConfigurer freezeScenarios(Freeze freeze) {
        return new WebMvcConfigurer() {
            @Override
            public void addInterceptors(InterceptorRegistry registry) {
                registry.addInterceptor(new HandlerInterceptor() {
                    @Override
                    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                        if (freeze.frozen()) {
                            freeze.hang();
                        }
                        return true;
                    }
                }).addPathPatterns("/scenarios/**");
            }
        };
    }
}
