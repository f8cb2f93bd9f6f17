{{/*
Names. Every object is "<fullname>-<component>" (api, worker, postgresql), so two releases
of the chart in one namespace never collide.
*/}}
{{- define "jvmbench.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "jvmbench.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* "<fullname>-<component>"; the fullname is cut so that the longest suffix still fits 63. */}}
{{- define "jvmbench.componentName" -}}
{{- printf "%s-%s" (include "jvmbench.fullname" .root | trunc 52 | trimSuffix "-") .component }}
{{- end }}

{{- define "jvmbench.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Labels. Selector labels never change after install (a StatefulSet's selector is immutable),
so they hold the name, instance and component only.
Call with (dict "root" $ "component" "api").
*/}}
{{- define "jvmbench.selectorLabels" -}}
app.kubernetes.io/name: {{ include "jvmbench.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{- define "jvmbench.labels" -}}
{{ include "jvmbench.selectorLabels" . }}
helm.sh/chart: {{ include "jvmbench.chart" .root }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: jvmbench
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* image reference: repository:tag, the tag defaulting to the chart's appVersion. */}}
{{- define "jvmbench.image" -}}
{{- printf "%s:%s" .repository (toString (default .appVersion .tag)) }}
{{- end }}

{{- define "jvmbench.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "jvmbench.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The worker's own ServiceAccount: the Role of the kubernetes engine is bound to it alone. */}}
{{- define "jvmbench.worker.serviceAccountName" -}}
{{- if .Values.worker.serviceAccount.create }}
{{- default (include "jvmbench.componentName" (dict "root" . "component" "worker")) .Values.worker.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.worker.serviceAccount.name }}
{{- end }}
{{- end }}

{{/*
The host of the api's probes: the pod's IP (the default) unless the api listens on the node's
loopback only (network.loopbackOnly): the kubelet, on the node's network, probes 127.0.0.1 then.
*/}}
{{- define "jvmbench.api.probeHost" -}}
{{- if .Values.network.loopbackOnly }}
host: 127.0.0.1
{{- end }}
{{- end }}

{{/* Where api and workers reach the in-chart PostgreSQL: its Service, or 127.0.0.1 with network.loopbackOnly. */}}
{{- define "jvmbench.postgresql.host" -}}
{{- if .Values.network.loopbackOnly }}
{{- "127.0.0.1" }}
{{- else }}
{{- include "jvmbench.componentName" (dict "root" . "component" "postgresql") }}
{{- end }}
{{- end }}

{{/*
Database. Both modes end in the same three variables for api and worker:
BENCH_DB_URL (a value or a secret key), BENCH_DB_USER, BENCH_DB_PASSWORD (always a secret key).
*/}}
{{- define "jvmbench.postgresql.secretName" -}}
{{- default (include "jvmbench.componentName" (dict "root" . "component" "postgresql")) .Values.postgresql.auth.existingSecret }}
{{- end }}

{{- define "jvmbench.databaseEnv" -}}
{{- if .Values.postgresql.enabled }}
- name: BENCH_DB_URL
  value: {{ printf "jdbc:postgresql://%s:%d/%s" (include "jvmbench.postgresql.host" .) (int .Values.postgresql.service.port) .Values.postgresql.database | quote }}
- name: BENCH_DB_USER
  value: {{ .Values.postgresql.user | quote }}
- name: BENCH_DB_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "jvmbench.postgresql.secretName" . }}
      key: {{ .Values.postgresql.auth.passwordKey }}
{{- else }}
{{- $db := .Values.externalDatabase }}
{{- if not $db.existingSecret }}
{{- fail "externalDatabase.existingSecret is required when postgresql.enabled is false: a Secret holding the database user and password" }}
{{- end }}
{{- if and (not $db.url) (not $db.urlKey) }}
{{- fail "externalDatabase.url (jdbc:postgresql://host:5432/bench) or externalDatabase.urlKey (its key in the Secret) is required when postgresql.enabled is false" }}
{{- end }}
- name: BENCH_DB_URL
{{- if $db.urlKey }}
  valueFrom:
    secretKeyRef:
      name: {{ $db.existingSecret }}
      key: {{ $db.urlKey }}
{{- else }}
  value: {{ $db.url | quote }}
{{- end }}
- name: BENCH_DB_USER
  valueFrom:
    secretKeyRef:
      name: {{ $db.existingSecret }}
      key: {{ $db.userKey }}
- name: BENCH_DB_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $db.existingSecret }}
      key: {{ $db.passwordKey }}
{{- end }}
{{- end }}

{{/*
checksum/config of a component: the sha256 of its rendered ConfigMap, so `helm upgrade` with
changed settings rolls the pods. The generated database password is not part of it on
purpose: it is random on every render and only kept stable by `lookup` on a live cluster.
*/}}
{{- define "jvmbench.configChecksum" -}}
{{- include (print .root.Template.BasePath "/" .component "-configmap.yaml") .root | sha256sum }}
{{- end }}

{{/* The worker's container-engine address, as bench.container-engine.host and DOCKER_HOST take it. */}}
{{- define "jvmbench.worker.engineHost" -}}
{{- $engine := .Values.worker.containerEngine }}
{{- if eq $engine.mode "socket" }}
{{- printf "unix://%s" $engine.socket.mountPath }}
{{- else }}
{{- $engine.endpoint }}
{{- end }}
{{- end }}

{{/*
The worker's probe command: can the engine be reached? That is what a worker needs and what
a wrong setting breaks (a socket group id that does not match, an endpoint nobody listens on,
an API server address that is not routed). The worker serves no HTTP
(spring.main.web-application-type=none), so the check is a shell one-liner with nothing but
shell built-ins: no JVM is started on a benchmark host every period.
*/}}
{{- define "jvmbench.worker.engineCheck" -}}
{{- $engine := .Values.worker.containerEngine }}
{{- if eq .Values.worker.engine "kubernetes" }}
{{- $api := .Values.worker.kubernetes.apiServer }}
- bash
- -c
{{- if $api }}
{{- $url := urlParse $api }}
{{- $hostPort := splitList ":" $url.host }}
- {{ printf "exec 3<>/dev/tcp/%s/%s" (first $hostPort) (ternary (last $hostPort) "443" (gt (len $hostPort) 1)) | quote }}
{{- else }}
- 'exec 3<>"/dev/tcp/$KUBERNETES_SERVICE_HOST/$KUBERNETES_SERVICE_PORT"'
{{- end }}
{{- else if eq $engine.mode "socket" }}
- sh
- -c
- {{ printf "test -S %s && test -r %s && test -w %s" $engine.socket.mountPath $engine.socket.mountPath $engine.socket.mountPath | quote }}
{{- else }}
{{- $hostPort := trimPrefix "tcp://" $engine.endpoint | trimSuffix "/" }}
{{- $parts := splitList ":" $hostPort }}
- bash
- -c
- {{ printf "exec 3<>/dev/tcp/%s/%s" (first $parts) (last $parts) | quote }}
{{- end }}
{{- end }}
