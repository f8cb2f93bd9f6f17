package dev.jvmbench.api.problem;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Collection;
import java.util.Set;
import org.springframework.core.MethodParameter;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Refuses a query parameter given without a value where the contract has no empty value:
 * {@code ?page=}, {@code ?status=}, {@code ?jdk=21,}. Spring would bind these to the default, an
 * empty list or a null element, so a client's mistake would look like an answer (every job, every
 * metric). Left out, the parameter keeps its default. Plain string parameters are not touched: an
 * empty string is a value there.
 */
@Component
class BlankQueryValues implements HandlerInterceptor, WebMvcConfigurer {

    private static final Set<Class<?>> NUMBERS = Set.of(int.class, long.class, double.class, Integer.class, Long.class,
            Double.class);

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(this).addPathPatterns("/api/**");
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(handler instanceof HandlerMethod method)) {
            return true;
        }
        for (MethodParameter parameter : method.getMethodParameters()) {
            RequestParam param = parameter.getParameterAnnotation(RequestParam.class);
            if (param == null) {
                continue;
            }
            boolean list = Collection.class.isAssignableFrom(parameter.getParameterType());
            boolean numeric = NUMBERS.contains(list ? parameter.nested().getNestedParameterType() : parameter.getParameterType());
            if (!list && !numeric) {
                continue;
            }
            String name = !param.name().isEmpty() ? param.name() : !param.value().isEmpty() ? param.value()
                    : parameter.getParameterName();
            String[] values = name == null ? null : request.getParameterValues(name);
            if (values != null) {
                for (String value : values) {
                    // a list of numbers is also split at commas by Spring, so no part may be blank;
                    // other lists (labels) may hold a comma inside one value
                    if (value.isBlank() || numeric && list && hasBlankPart(value)) {
                        throw ApiException.invalid(name, numeric
                                ? "must be a number; leave the parameter out for its default"
                                : "has no value; give one or leave the parameter out");
                    }
                }
            }
        }
        return true;
    }

    private static boolean hasBlankPart(String value) {
        for (String part : value.split(",", -1)) {
            if (part.isBlank()) {
                return true;
            }
        }
        return false;
    }
}
