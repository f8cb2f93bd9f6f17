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
 * Refuses a numeric query parameter given empty ({@code ?page=}): Spring would quietly take the
 * default (or no filter), so a client's mistake would look like an answer. Left out, the
 * parameter keeps its default.
 */
@Component
class EmptyNumericParameters implements HandlerInterceptor, WebMvcConfigurer {

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
            if (param == null || !numeric(parameter)) {
                continue;
            }
            String name = !param.name().isEmpty() ? param.name() : !param.value().isEmpty() ? param.value()
                    : parameter.getParameterName();
            String[] values = name == null ? null : request.getParameterValues(name);
            if (values != null) {
                for (String value : values) {
                    if (value.isBlank()) {
                        throw ApiException.invalid(name, "must be a number; leave the parameter out for its default");
                    }
                }
            }
        }
        return true;
    }

    private static boolean numeric(MethodParameter parameter) {
        Class<?> type = parameter.getParameterType();
        if (Collection.class.isAssignableFrom(type)) {
            type = parameter.nested().getNestedParameterType();
        }
        return NUMBERS.contains(type);
    }
}
