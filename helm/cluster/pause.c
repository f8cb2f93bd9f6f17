/*
 * The pod sandbox's process for helm/cluster.sh (the job of Kubernetes' pause image, which cannot
 * be pulled here): it holds the pod's namespaces, reaps the zombies it inherits as PID 1 of a
 * shared PID namespace, and exits 0 on SIGINT or SIGTERM. Built statically by cluster.sh
 * (cc -static) into a one-file image. `pause -v` prints the version.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define VERSION "jvmbench-pause 1"

static void on_stop(int sig) {
  (void)sig;
  _exit(0);
}

static void on_child(int sig) {
  (void)sig;
  int saved = errno;
  while (waitpid(-1, NULL, WNOHANG) > 0) {
  }
  errno = saved;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "-v") == 0) {
    puts(VERSION);
    return 0;
  }
  if (getpid() != 1) {
    fprintf(stderr, "warning: pause should be the first process (PID 1)\n");
  }
  struct sigaction stop = {.sa_handler = on_stop};
  struct sigaction child = {.sa_handler = on_child, .sa_flags = SA_NOCLDSTOP | SA_RESTART};
  if (sigaction(SIGINT, &stop, NULL) < 0 || sigaction(SIGTERM, &stop, NULL) < 0 ||
      sigaction(SIGCHLD, &child, NULL) < 0) {
    perror("sigaction");
    return 1;
  }
  for (;;) {
    pause();
  }
}
