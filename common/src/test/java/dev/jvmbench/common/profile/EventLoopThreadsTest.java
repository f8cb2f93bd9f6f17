package dev.jvmbench.common.profile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EventLoopThreadsTest {

    @Test
    void theUsualEventLoopNamesAreKnownAndOtherThreadsAreNot() {
        assertThat(EventLoopThreads.knownName("webflux-http-epoll-2")).as("Spring Boot's WebFlux server").isTrue();
        assertThat(EventLoopThreads.knownName("webflux-http-nio-1")).isTrue();
        assertThat(EventLoopThreads.knownName("reactor-http-epoll-4")).as("Reactor Netty's global loops").isTrue();
        assertThat(EventLoopThreads.knownName("reactor-http-kqueue-1")).isTrue();
        assertThat(EventLoopThreads.knownName("reactor-http-nio-select-1")).isTrue();
        assertThat(EventLoopThreads.knownName("nioEventLoopGroup-2-1")).as("plain Netty").isTrue();
        assertThat(EventLoopThreads.knownName("vert.x-eventloop-thread-0")).isTrue();

        assertThat(EventLoopThreads.knownName("http-nio-8080-exec-1")).as("Tomcat's workers").isFalse();
        assertThat(EventLoopThreads.knownName("boundedElastic-3")).as("Reactor's blocking scheduler").isFalse();
        assertThat(EventLoopThreads.knownName("parallel-1")).isFalse();
        assertThat(EventLoopThreads.knownName("")).isFalse();
        assertThat(EventLoopThreads.knownName(null)).isFalse();
    }

    @Test
    void aGroupsLoopsShareOneRootAndItsStacksAreTold() {
        assertThat(EventLoopThreads.root("webflux-http-epoll-2")).isEqualTo("[event-loop:webflux-http-epoll]");
        assertThat(EventLoopThreads.root("webflux-http-epoll-13")).isEqualTo(EventLoopThreads.root("webflux-http-epoll-1"));
        assertThat(EventLoopThreads.root("nioEventLoopGroup-2-1")).isEqualTo("[event-loop:nioEventLoopGroup-2]");
        assertThat(EventLoopThreads.root("my loop;1")).as("the collapsed format holds").isEqualTo("[event-loop:my_loop:1]");

        assertThat(EventLoopThreads.onEventLoop("[event-loop:webflux-http-epoll];java.lang.Thread.run;a.B.c")).isTrue();
        assertThat(EventLoopThreads.onEventLoop("java.lang.Thread.run;a.B.c")).isFalse();
        assertThat(EventLoopThreads.loopFrame("io.netty.channel.epoll.EpollEventLoop.run")).isTrue();
        assertThat(EventLoopThreads.loopFrame("io.netty.channel.nio.NioEventLoop.run")).isTrue();
        assertThat(EventLoopThreads.loopFrame("io.netty.channel.nio.NioEventLoop.select")).isFalse();
        assertThat(EventLoopThreads.loopFrame("com.acme.EventLoop.run")).isFalse();
    }
}
