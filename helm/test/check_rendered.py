"""Behaviour checks on the manifests `helm template` rendered for each ci/*-values.yaml.

Run by helm/test.sh with the python of its kubernetes-validate venv (which has PyYAML):
    check_rendered.py check <dir>          every <dir>/<scenario>.yaml; prints a summary
    check_rendered.py postgres <file> <outdir>   the in-chart PostgreSQL pod, for test.sh to run it

Common checks hold for every render; the scenario checks are keyed by the ci file's name
(default, docker-socket, external-db, in-chart-db, engine-endpoint, kubernetes-local,
multi-worker). A failed check prints the
scenario, the object and what was wrong, and the script exits 1 after all checks ran.
"""
import collections
import pathlib
import re
import sys

import yaml

RELEASE = "bench"
PREFIX = "bench-jvmbench"
LABELS = ["app.kubernetes.io/name", "app.kubernetes.io/instance", "app.kubernetes.io/component",
          "app.kubernetes.io/version", "app.kubernetes.io/managed-by", "app.kubernetes.io/part-of",
          "helm.sh/chart"]
failures = []


def check(condition, scenario, what):
    if not condition:
        failures.append(f"{scenario}: {what}")
    return condition


def load(path):
    return [d for d in yaml.safe_load_all(path.read_text()) if d]


def find(docs, kind, name):
    return next((d for d in docs if d["kind"] == kind and d["metadata"]["name"] == name), None)


def env_of(container):
    return {e["name"]: e for e in container.get("env", [])}


def secret_ref(env, name):
    ref = env.get(name, {}).get("valueFrom", {}).get("secretKeyRef")
    return (ref["name"], ref["key"]) if ref else None


def pod_controllers(docs):
    return [d for d in docs if d["kind"] in ("Deployment", "StatefulSet")]


def worker_engine(docs):
    return find(docs, "ConfigMap", f"{PREFIX}-worker")["data"]["BENCH_WORKER_ENGINE"]


def loopback_only(docs):
    return find(docs, "ConfigMap", f"{PREFIX}-api")["data"]["BENCH_API_ADDRESS"] == "127.0.0.1"


def cpu(quantity):
    text = str(quantity)
    return float(text[:-1]) / 1000 if text.endswith("m") else float(text)


def common_checks(scenario, docs):
    for d in docs:
        labels = d["metadata"].get("labels", {})
        for label in LABELS:
            check(label in labels, scenario, f"{d['kind']}/{d['metadata']['name']} has no label {label}")
    for d in pod_controllers(docs):
        obj = f"{d['kind']}/{d['metadata']['name']}"
        template = d["spec"]["template"]
        checksum = template["metadata"].get("annotations", {}).get("checksum/config", "")
        check(re.fullmatch(r"[0-9a-f]{64}", checksum), scenario, f"{obj}: no checksum/config annotation")
        pod = template["spec"]
        check(pod.get("securityContext", {}).get("runAsNonRoot") is True, scenario, f"{obj}: pod not runAsNonRoot")
        check(pod.get("securityContext", {}).get("seccompProfile", {}).get("type") == "RuntimeDefault",
              scenario, f"{obj}: pod seccompProfile is not RuntimeDefault")
        # Only the worker of the kubernetes engine calls the API: only it has a token.
        wants_token = d["metadata"]["name"] == f"{PREFIX}-worker" and worker_engine(docs) == "kubernetes"
        check(pod.get("automountServiceAccountToken") is wants_token, scenario,
              f"{obj}: automountServiceAccountToken is not {wants_token}")
        for c in pod.get("initContainers", []) + pod["containers"]:
            where = f"{obj} container {c['name']}"
            sc = c.get("securityContext", {})
            check(sc.get("runAsNonRoot") is True, scenario, f"{where}: not runAsNonRoot")
            check(sc.get("allowPrivilegeEscalation") is False, scenario, f"{where}: allows privilege escalation")
            check(sc.get("readOnlyRootFilesystem") is True, scenario, f"{where}: root filesystem not read-only")
            check("ALL" in sc.get("capabilities", {}).get("drop", []), scenario, f"{where}: capabilities not dropped")
            for kind in ("requests", "limits"):
                for resource in ("cpu", "memory"):
                    check(resource in c.get("resources", {}).get(kind, {}), scenario,
                          f"{where}: no {resource} {kind}")
            mounts = {m["mountPath"] for m in c.get("volumeMounts", [])}
            check("/tmp" in mounts, scenario, f"{where}: no writable /tmp")
        for c in pod["containers"]:
            for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
                check(probe in c, scenario, f"{obj} container {c['name']}: no {probe}")

    api = find(docs, "Deployment", f"{PREFIX}-api")
    worker = find(docs, "StatefulSet", f"{PREFIX}-worker")
    if not (check(api, scenario, "no api Deployment") and check(worker, scenario, "no worker StatefulSet")):
        return
    api_container = api["spec"]["template"]["spec"]["containers"][0]
    check(api_container["startupProbe"]["httpGet"]["path"] == "/actuator/health/liveness", scenario,
          "api startup probe is not /actuator/health/liveness")
    check(api_container["livenessProbe"]["httpGet"]["path"] == "/actuator/health/liveness", scenario,
          "api liveness probe is not /actuator/health/liveness")
    check(api_container["readinessProbe"]["httpGet"]["path"] == "/actuator/health/readiness", scenario,
          "api readiness probe is not /actuator/health/readiness")
    api_config = find(docs, "ConfigMap", f"{PREFIX}-api")["data"]
    check(api_config["BENCH_API_ADDRESS"] == ("127.0.0.1" if loopback_only(docs) else "0.0.0.0"), scenario,
          "api listen address")
    check(api_config["BENCH_DATA_DIR"] == "/var/lib/jvmbench", scenario, "api BENCH_DATA_DIR")
    check(find(docs, "Service", f"{PREFIX}-api"), scenario, "no api Service")

    pod = worker["spec"]["template"]["spec"]
    check(pod.get("hostNetwork") is True, scenario, "worker without hostNetwork")
    check(pod.get("dnsPolicy") == "ClusterFirstWithHostNet", scenario, "worker dnsPolicy is not ClusterFirstWithHostNet")
    check(pod.get("hostPID") is True, scenario, "worker without hostPID")
    check(pod.get("nodeSelector", {}).get("jvmbench.dev/benchmark") == "true", scenario, "worker nodeSelector")
    check({"key": "jvmbench.dev/benchmark", "operator": "Equal", "value": "true", "effect": "NoSchedule"}
          in pod.get("tolerations", []), scenario, "worker has no toleration for the benchmark taint")
    anti = pod.get("affinity", {}).get("podAntiAffinity", {}).get("requiredDuringSchedulingIgnoredDuringExecution", [])
    pod_labels = worker["spec"]["template"]["metadata"]["labels"]
    check(any(t["topologyKey"] == "kubernetes.io/hostname"
              and t["labelSelector"]["matchLabels"].items() <= pod_labels.items() for t in anti),
          scenario, "worker has no required one-per-node anti-affinity matching its own pods")
    container = pod["containers"][0]
    env = env_of(container)
    check(env.get("BENCH_WORKER_ID", {}).get("valueFrom", {}).get("fieldRef", {}).get("fieldPath") == "metadata.name",
          scenario, "worker id is not the pod name")
    for name in ("BENCH_DB_URL", "BENCH_DB_USER", "BENCH_DB_PASSWORD"):
        check(name in env, scenario, f"worker has no {name}")
        check(name in env_of(api_container), scenario, f"api has no {name}")
    check(secret_ref(env, "BENCH_DB_PASSWORD"), scenario, "worker's database password is not from a Secret")
    check(secret_ref(env_of(api_container), "BENCH_DB_PASSWORD"), scenario, "api's database password is not from a Secret")


def kubernetes_engine_checks(scenario, docs):
    """The worker of the kubernetes engine: its Role, its own ServiceAccount, the downward API, no socket."""
    worker, pod, sockets, config = workers_engine(docs)
    container = pod["containers"][0]
    env = env_of(container)
    check(config["BENCH_WORKER_ENGINE"] == "kubernetes", scenario, "BENCH_WORKER_ENGINE is not kubernetes")
    check(config.get("BENCH_WORKER_REGISTRY"), scenario, "no BENCH_WORKER_REGISTRY")
    check("DOCKER_HOST" not in config and "BENCH_CONTAINER_ENGINE_HOST" not in config, scenario,
          "Docker engine settings with the kubernetes engine")
    check(not sockets, scenario, "mounts a Docker socket with the kubernetes engine")
    check(not pod["securityContext"].get("supplementalGroups"), scenario, "supplemental groups with the kubernetes engine")
    for name, path in (("BENCH_KUBERNETES_NODE_NAME", "spec.nodeName"), ("BENCH_KUBERNETES_NAMESPACE", "metadata.namespace"),
                       ("BENCH_KUBERNETES_OWNER_POD_NAME", "metadata.name"), ("BENCH_KUBERNETES_OWNER_POD_UID", "metadata.uid")):
        check(env.get(name, {}).get("valueFrom", {}).get("fieldRef", {}).get("fieldPath") == path, scenario,
              f"worker {name} is not the downward API's {path}")
    # what the worker mounts: the node's cgroup tree read-only, /tmp, nothing else of the node
    host_paths = [v for v in pod["volumes"] if "hostPath" in v]
    check([v["hostPath"]["path"] for v in host_paths] == ["/sys/fs/cgroup"], scenario,
          f"worker host paths {[v['hostPath']['path'] for v in host_paths]}")
    mounts = {m["name"]: m for m in container["volumeMounts"]}
    check(mounts.get("host-cgroup", {}).get("readOnly") is True, scenario, "the node's cgroup tree is not read-only")
    check(pod.get("hostPID") is True, scenario, "worker without hostPID")
    command = container["livenessProbe"]["exec"]["command"]
    check(command[:2] == ["bash", "-c"] and command[2].startswith("exec 3<>"), scenario, f"probe command {command}")
    account = pod["serviceAccountName"]
    check(account == f"{PREFIX}-worker", scenario, f"worker service account {account}")
    sa = find(docs, "ServiceAccount", account)
    check(sa and sa.get("automountServiceAccountToken") is False, scenario,
          "the worker's ServiceAccount mounts its token everywhere (only the worker pod asks for it)")
    platform_sa = find(docs, "ServiceAccount", PREFIX)
    check(platform_sa and platform_sa.get("automountServiceAccountToken") is False, scenario, "platform SA token")
    role = find(docs, "Role", f"{PREFIX}-worker")
    if check(role, scenario, "no worker Role"):
        rules = {(tuple(r["apiGroups"]), tuple(r["resources"])): set(r["verbs"]) for r in role["rules"]}
        check(rules == {(("",), ("pods",)): {"create", "get", "list", "watch", "delete"},
                        (("",), ("pods/log",)): {"get"},
                        (("",), ("pods/exec",)): {"create", "get"}}, scenario, f"worker Role rules {role['rules']}")
    binding = find(docs, "RoleBinding", f"{PREFIX}-worker")
    if check(binding, scenario, "no worker RoleBinding"):
        check(binding["roleRef"] == {"apiGroup": "rbac.authorization.k8s.io", "kind": "Role", "name": f"{PREFIX}-worker"},
              scenario, f"RoleBinding roleRef {binding['roleRef']}")
        check(binding["subjects"] == [{"kind": "ServiceAccount", "name": account, "namespace": "jvmbench"}], scenario,
              f"RoleBinding subjects {binding['subjects']}")
    check(not any(d["kind"] in ("ClusterRole", "ClusterRoleBinding") for d in docs), scenario, "cluster-wide RBAC")


def docker_engine_checks(scenario, docs):
    check(worker_engine(docs) == "docker", scenario, "BENCH_WORKER_ENGINE is not docker")
    check(not any(d["kind"] in ("Role", "RoleBinding", "ClusterRole", "ClusterRoleBinding") for d in docs), scenario,
          "RBAC objects with the docker engine")
    worker, pod, sockets, config = workers_engine(docs)
    check(not any(e["name"].startswith("BENCH_KUBERNETES_") for e in pod["containers"][0].get("env", [])), scenario,
          "kubernetes engine settings with the docker engine")


def workers_engine(docs):
    worker = find(docs, "StatefulSet", f"{PREFIX}-worker")
    pod = worker["spec"]["template"]["spec"]
    sockets = [v for v in pod["volumes"] if v.get("hostPath", {}).get("type") == "Socket"]
    config = find(docs, "ConfigMap", f"{PREFIX}-worker")["data"]
    return worker, pod, sockets, config


def scenario_checks(scenario, docs):
    postgres = find(docs, "StatefulSet", f"{PREFIX}-postgresql")
    api = find(docs, "Deployment", f"{PREFIX}-api")
    api_env = env_of(api["spec"]["template"]["spec"]["containers"][0])
    worker, pod, sockets, config = workers_engine(docs)
    worker_env = env_of(pod["containers"][0])
    if worker_engine(docs) == "kubernetes":
        kubernetes_engine_checks(scenario, docs)
    else:
        docker_engine_checks(scenario, docs)

    if scenario == "default":
        check(worker_engine(docs) == "kubernetes", scenario, "the default engine is not kubernetes")
        check(config["BENCH_WORKER_REGISTRY"] == "registry.example.com/jvmbench", scenario, "registry")
        check("BENCH_KUBERNETES_API_SERVER" not in config, scenario, "an API server by default (the in-cluster Service)")
        check(pod["containers"][0]["readinessProbe"]["exec"]["command"][-1]
              == 'exec 3<>"/dev/tcp/$KUBERNETES_SERVICE_HOST/$KUBERNETES_SERVICE_PORT"', scenario, "probe of the Service")
        check(postgres, scenario, "no PostgreSQL StatefulSet")
        secret = find(docs, "Secret", f"{PREFIX}-postgresql")
        check(secret and "password" in secret["data"], scenario, "no generated password Secret")
        check(secret_ref(api_env, "BENCH_DB_PASSWORD") == (f"{PREFIX}-postgresql", "password"), scenario,
              "api password not from the generated Secret")
        check(api_env["BENCH_DB_URL"].get("value") == f"jdbc:postgresql://{PREFIX}-postgresql:5432/bench",
              scenario, "api BENCH_DB_URL is not the in-chart Service")
        check(any(v.get("hostPath", {}).get("path") == "/sys/fs/cgroup" for v in pod["volumes"]), scenario,
              "worker does not mount the node's cgroup tree")
        check(find(docs, "PersistentVolumeClaim", f"{PREFIX}-api"), scenario, "no api data claim")
        check(postgres["spec"].get("volumeClaimTemplates"), scenario, "PostgreSQL without its claim")
        check(worker["spec"]["replicas"] == 1, scenario, "worker replicas is not 1")

    elif scenario == "docker-socket":
        check([s["hostPath"]["path"] for s in sockets] == ["/var/run/docker.sock"], scenario,
              "worker does not mount /var/run/docker.sock")
        check(999 in pod["securityContext"].get("supplementalGroups", []), scenario,
              "the socket's group is not a supplemental group")
        check(config["BENCH_CONTAINER_ENGINE_HOST"] == "unix:///var/run/docker.sock", scenario, "engine host")
        check(any(v.get("hostPath", {}).get("path") == "/sys/fs/cgroup" for v in pod["volumes"]), scenario,
              "worker does not mount the node's cgroup tree")
        check(pod["automountServiceAccountToken"] is False, scenario, "a token for the docker engine")

    elif scenario == "kubernetes-local":
        # helm/cluster.sh's node: everything on 127.0.0.1, the API server there, throwaway databases
        check(config["BENCH_KUBERNETES_API_SERVER"] == "https://127.0.0.1:6443", scenario, "API server")
        check(config["BENCH_WORKER_REGISTRY"] == "127.0.0.1:5000", scenario, "registry")
        check(pod["containers"][0]["livenessProbe"]["exec"]["command"][-1] == "exec 3<>/dev/tcp/127.0.0.1/6443",
              scenario, "probe of the API server")
        api_pod = api["spec"]["template"]["spec"]
        pg_pod = postgres["spec"]["template"]["spec"]
        for name, p in (("api", api_pod), ("PostgreSQL", pg_pod), ("worker", pod)):
            check(p.get("hostNetwork") is True, scenario, f"{name} not on the node's network")
        check(api["spec"].get("strategy", {}).get("type") == "Recreate", scenario,
              "api not Recreate on the node's network (the new pod would wait for the old one's port)")
        api_c = api_pod["containers"][0]
        check(api_c["ports"][0]["containerPort"] == 18080, scenario, "api port")
        for probe in ("startupProbe", "livenessProbe", "readinessProbe"):
            check(api_c[probe]["httpGet"].get("host") == "127.0.0.1", scenario, f"api {probe} not on 127.0.0.1")
        for env in (api_env, worker_env):
            check(env["BENCH_DB_URL"].get("value") == "jdbc:postgresql://127.0.0.1:15433/bench", scenario,
                  "BENCH_DB_URL is not PostgreSQL on the loopback")
        args = pg_pod["containers"][0]["args"]
        check("listen_addresses=127.0.0.1" in args, scenario, f"PostgreSQL args {args}")
        hba = find(docs, "ConfigMap", f"{PREFIX}-postgresql")["data"]["pg_hba.conf"]
        check("127.0.0.1/32" in hba and "0.0.0.0/0" not in hba, scenario, "pg_hba.conf open beyond the loopback")
        check(not postgres["spec"].get("volumeClaimTemplates"), scenario, "a PostgreSQL claim without a provisioner")
        check({"name": "data", "emptyDir": {}} in pg_pod["volumes"], scenario, "PostgreSQL data is not an emptyDir")
        check(not find(docs, "PersistentVolumeClaim", f"{PREFIX}-api"), scenario, "an api claim without a provisioner")
        # What the node (1800m allocatable under helm/cluster.sh's 200m system-reserved) must hold at
        # once: the platform's requests, a run's 1-CPU app pod with its files helper, a 250m nginx pod.
        requests = sum(cpu(c["resources"]["requests"]["cpu"]) for d in pod_controllers(docs)
                       for c in d["spec"]["template"]["spec"]["containers"])
        run = 1 + 0.05 + cpu(config["BENCH_KUBERNETES_DEFAULT_CPU"])
        check(requests + run <= 1.8, scenario, f"platform requests {requests} + a run's pods {run} exceed 1.8 CPUs")

    elif scenario == "external-db":
        for kind in ("StatefulSet", "Service", "Secret", "ConfigMap"):
            check(not find(docs, kind, f"{PREFIX}-postgresql"), scenario, f"renders a PostgreSQL {kind}")
        check(not any("postgres" in d["metadata"]["name"] for d in docs), scenario, "renders a PostgreSQL object")
        for env in (api_env, worker_env):
            check(env["BENCH_DB_URL"].get("value") == "jdbc:postgresql://db.example.internal:5432/bench",
                  scenario, "BENCH_DB_URL is not externalDatabase.url")
            check(secret_ref(env, "BENCH_DB_USER") == ("bench-db-credentials", "db-user"), scenario,
                  "BENCH_DB_USER is not the existing Secret's db-user key")
            check(secret_ref(env, "BENCH_DB_PASSWORD") == ("bench-db-credentials", "db-password"), scenario,
                  "BENCH_DB_PASSWORD is not the existing Secret's db-password key")
        check(secret_ref(api_env, "BENCH_SECURITY_BOOTSTRAP_TOKEN") == ("bench-admin-token", "token"), scenario,
              "api bootstrap token not from its Secret")

    elif scenario == "in-chart-db":
        check(postgres, scenario, "no PostgreSQL StatefulSet")
        check(not find(docs, "Secret", f"{PREFIX}-postgresql"), scenario,
              "generates a password Secret although one is given")
        given = ("bench-postgres-password", "postgres-password")
        init = postgres["spec"]["template"]["spec"]["initContainers"][0]
        check(secret_ref(env_of(init), "BENCH_DB_PASSWORD") == given, scenario, "init-db password not the given Secret")
        for env in (api_env, worker_env):
            check(secret_ref(env, "BENCH_DB_PASSWORD") == given, scenario, "password is not the given Secret")
            check(env["BENCH_DB_USER"].get("value") == "platform", scenario, "BENCH_DB_USER is not postgresql.user")
            check(env["BENCH_DB_URL"].get("value") == f"jdbc:postgresql://{PREFIX}-postgresql:5432/jvmbench",
                  scenario, "BENCH_DB_URL is not the in-chart database")
        claim = postgres["spec"]["volumeClaimTemplates"][0]["spec"]
        check(claim.get("storageClassName") == "fast-ssd", scenario, "PostgreSQL claim storage class")
        check(claim["resources"]["requests"]["storage"] == "50Gi", scenario, "PostgreSQL claim size")
        args = postgres["spec"]["template"]["spec"]["containers"][0]["args"]
        check("max_connections=300" in args and "fsync=on" in args and "listen_addresses=*" in args, scenario,
              f"PostgreSQL args {args}")
        check(not find(docs, "PersistentVolumeClaim", f"{PREFIX}-api"), scenario, "api claim rendered")
        data = next(v for v in api["spec"]["template"]["spec"]["volumes"] if v["name"] == "data")
        check("emptyDir" in data, scenario, "api data is not an emptyDir")
        hba = find(docs, "ConfigMap", f"{PREFIX}-postgresql")["data"]["pg_hba.conf"]
        check(re.search(r"host\s+jvmbench\s+platform\s+0\.0\.0\.0/0\s+scram-sha-256", hba), scenario,
              "pg_hba.conf does not limit remote logins to the platform's user and database")

    elif scenario == "engine-endpoint":
        check(not sockets, scenario, "mounts a socket in endpoint mode")
        check(pod["automountServiceAccountToken"] is False, scenario, "a token for the docker engine")
        check(not pod["securityContext"].get("supplementalGroups"), scenario, "supplemental groups in endpoint mode")
        check(config["BENCH_CONTAINER_ENGINE_HOST"] == "tcp://127.0.0.1:2375", scenario, "engine host")
        check(config["DOCKER_HOST"] == "tcp://127.0.0.1:2375", scenario, "DOCKER_HOST")
        check(config.get("BENCH_CONTAINER_ENGINE_API_VERSION") == "1.41", scenario, "engine API version")
        command = pod["containers"][0]["readinessProbe"]["exec"]["command"]
        check(command[-1] == "exec 3<>/dev/tcp/127.0.0.1/2375", scenario, f"probe command {command}")

    elif scenario == "multi-worker":
        check(worker["spec"]["replicas"] == 3, scenario, "worker replicas is not 3")
        check(api["spec"]["replicas"] == 2, scenario, "api replicas is not 2")
        check("strategy" not in api["spec"], scenario, "Recreate strategy with a shared claim")
        mounts = {m["name"]: m for m in pod["containers"][0]["volumeMounts"]}
        check(mounts.get("data", {}).get("readOnly") is True, scenario, "workers do not mount the data claim read-only")
        claims = [v["persistentVolumeClaim"]["claimName"] for v in pod["volumes"] if "persistentVolumeClaim" in v]
        check(claims == ["jvmbench-shared-data"], scenario, f"worker claims {claims}")
        check(config.get("BENCH_WORKER_DATA_DIR") == "/var/lib/jvmbench", scenario, "BENCH_WORKER_DATA_DIR")
        check(not find(docs, "PersistentVolumeClaim", f"{PREFIX}-api"), scenario, "api claim rendered")
        terms = pod["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]
        check(terms[0]["matchExpressions"][0]["key"] == "kubernetes.io/arch", scenario, "extra node affinity")


def checksums(docs):
    return {d["metadata"]["name"]: d["spec"]["template"]["metadata"]["annotations"]["checksum/config"]
            for d in pod_controllers(docs)}


def main_check(directory):
    rendered = {p.stem: load(p) for p in sorted(directory.glob("*.yaml"))}
    kinds = collections.Counter()
    for scenario, docs in rendered.items():
        kinds.update(d["kind"] for d in docs)
        if scenario.startswith("checksum-"):
            continue
        common_checks(scenario, docs)
        scenario_checks(scenario, docs)
    # checksum/config: the same values give the same checksum (the random password is not in
    # it); a changed api setting changes the api's and nothing else's.
    base = checksums(rendered["default"])
    again = checksums(rendered["checksum-default-again"])
    changed = checksums(rendered["checksum-api-changed"])
    check(base == again, "checksum", f"two renders of the same values differ: {base} {again}")
    check(changed[f"{PREFIX}-api"] != base[f"{PREFIX}-api"], "checksum", "api setting changed, api checksum did not")
    check(changed[f"{PREFIX}-worker"] == base[f"{PREFIX}-worker"], "checksum", "api setting changed the worker's")
    documents = sum(len(d) for d in rendered.values())
    print(f"renders: {len(rendered)} ({', '.join(rendered)}), manifests: {documents}")
    print("kinds: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    if failures:
        print(f"{len(failures)} check(s) failed:", file=sys.stderr)
        for f in failures:
            print(f"  - {f}", file=sys.stderr)
        return 1
    return 0


def main_postgres(path, outdir):
    """What test.sh needs to run the rendered PostgreSQL pod in Docker: the ConfigMap's files
    (conf/), the server's arguments (args.txt, one a line) and "uid gid PGDATA image user database"
    (pod.txt)."""
    docs = load(pathlib.Path(path))
    statefulset = find(docs, "StatefulSet", f"{PREFIX}-postgresql")
    config = find(docs, "ConfigMap", f"{PREFIX}-postgresql")
    if not (statefulset and config):
        print(f"no PostgreSQL StatefulSet and ConfigMap in {path}", file=sys.stderr)
        return 1
    out = pathlib.Path(outdir)
    for key, value in config["data"].items():
        (out / "conf" / key).write_text(value)
    pod = statefulset["spec"]["template"]["spec"]
    server = pod["containers"][0]
    init = pod["initContainers"][0]
    pgdata = env_of(server)["PGDATA"]["value"]
    if env_of(init)["PGDATA"]["value"] != pgdata or init["image"] != server["image"]:
        print("init-db and the server disagree on PGDATA or the image", file=sys.stderr)
        return 1
    if any("\n" in arg for arg in server["args"]):
        print("a server argument has a line break", file=sys.stderr)
        return 1
    (out / "args.txt").write_text("".join(arg + "\n" for arg in server["args"]))
    security = pod["securityContext"]
    # The user and database the platform connects with, as the api is told.
    api_env = env_of(find(docs, "Deployment", f"{PREFIX}-api")["spec"]["template"]["spec"]["containers"][0])
    user = api_env["BENCH_DB_USER"]["value"]
    database = api_env["BENCH_DB_URL"]["value"].rsplit("/", 1)[1]
    (out / "pod.txt").write_text(
        f"{security['runAsUser']} {security['runAsGroup']} {pgdata} {server['image']} {user} {database}\n")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "check":
        sys.exit(main_check(pathlib.Path(sys.argv[2])))
    if len(sys.argv) == 4 and sys.argv[1] == "postgres":
        sys.exit(main_postgres(*sys.argv[2:]))
    print(__doc__, file=sys.stderr)
    sys.exit(2)
