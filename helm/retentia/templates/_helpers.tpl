{{- define "retentia.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "retentia.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "retentia.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "retentia.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Selector labels of one component: (dict "ctx" $ "component" "api") */}}
{{- define "retentia.selectorLabels" -}}
app.kubernetes.io/name: {{ include "retentia.name" .ctx }}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "retentia.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "retentia.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "retentia.secretName" -}}
{{- default (include "retentia.fullname" .) .Values.existingSecret -}}
{{- end -}}

{{- define "retentia.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
{{- end -}}

{{- define "retentia.embedded" -}}
{{- if and (eq .Values.backend "falkordb") (eq .Values.falkordb.mode "embedded") -}}true{{- end -}}
{{- end -}}

{{/* The FalkorDB password the chart's Secret holds: the value given, else the one a previous
release stored (kept across upgrades), else a new random one; empty when none is needed. */}}
{{- define "retentia.falkordbPassword" -}}
{{- if .Values.secrets.falkordbPassword -}}
{{- .Values.secrets.falkordbPassword -}}
{{- else if include "retentia.falkordbServer" . -}}
{{- $stored := lookup "v1" "Secret" .Release.Namespace (include "retentia.fullname" .) -}}
{{- if and $stored $stored.data (hasKey $stored.data "RETENTIA_FALKORDB_PASSWORD") -}}
{{- index $stored.data "RETENTIA_FALKORDB_PASSWORD" | b64dec -}}
{{- else -}}
{{- randAlphaNum 40 -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "retentia.falkordbServer" -}}
{{- if and (eq .Values.backend "falkordb") (eq .Values.falkordb.mode "statefulset") -}}true{{- end -}}
{{- end -}}

{{/* Refusals: combinations the service cannot run correctly. */}}
{{- define "retentia.validate" -}}
{{- if include "retentia.embedded" . -}}
{{- if or (gt (int .Values.replicaCount) 1) .Values.autoscaling.enabled -}}
{{- fail "falkordb.mode=embedded keeps the data in one pod's volume: it needs replicaCount 1 and autoscaling off; run a FalkorDB server (falkordb.mode=statefulset, external or cluster) for several replicas" -}}
{{- end -}}
{{- if or .Values.reconciler.enabled .Values.maintenance.enabled -}}
{{- fail "falkordb.mode=embedded: the reconciler and maintenance run in their own pods and cannot share the API pod's embedded FalkorDB; set reconciler.enabled=false and maintenance.enabled=false (use runMaintenance over GraphQL), or run a FalkorDB server" -}}
{{- end -}}
{{- end -}}
{{- if and (eq .Values.backend "falkordb") (has .Values.falkordb.mode (list "external" "cluster")) (not .Values.falkordb.url) -}}
{{- fail (printf "falkordb.mode=%s needs falkordb.url (redis://host:port)" .Values.falkordb.mode) -}}
{{- end -}}
{{- if and (eq .Values.backend "surrealdb") (not .Values.surrealdb.url) -}}
{{- fail "backend=surrealdb needs surrealdb.url (ws://host:port): the embedded SurrealDB cannot be shared between pods" -}}
{{- end -}}
{{- if and .Values.falkordb.waitReplicas (ne .Values.falkordb.mode "cluster") -}}
{{- fail "falkordb.waitReplicas waits for a cluster's replicas: it needs falkordb.mode=cluster" -}}
{{- end -}}
{{- if and .Values.secrets.falkordbPassword (not (eq .Values.backend "falkordb")) -}}
{{- fail "secrets.falkordbPassword is the password of a FalkorDB server: it needs backend=falkordb" -}}
{{- end -}}
{{- if and .Values.secrets.falkordbPassword (include "retentia.embedded" .) -}}
{{- fail "secrets.falkordbPassword: the embedded FalkorDB (falkordb.mode=embedded) listens only on a socket in the pod and takes no password; unset it" -}}
{{- end -}}
{{- if and (not .Values.existingSecret) (not .Values.secrets.bootstrapKey) -}}
{{- fail "set secrets.bootstrapKey (an admin API key: openssl rand -hex 32) or existingSecret naming a Secret with RETENTIA_BOOTSTRAP_KEY" -}}
{{- end -}}
{{- end -}}

{{/* Pod-level securityContext shared by every Retentia pod. */}}
{{- define "retentia.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "retentia.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
privileged: false
capabilities:
  drop: [ALL]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* Environment of every Retentia container: the ConfigMap and the Secret. */}}
{{- define "retentia.envFrom" -}}
- configMapRef:
    name: {{ include "retentia.fullname" . }}
- secretRef:
    name: {{ include "retentia.secretName" . }}
{{- end -}}

{{- define "retentia.checksums" -}}
checksum/config: {{ include (print $.Template.BasePath "/configmap.yaml") . | sha256sum }}
checksum/secret: {{ include (print $.Template.BasePath "/secret.yaml") . | sha256sum }}
{{- end -}}

{{- define "retentia.volumeMounts" -}}
- name: scratch
  mountPath: /tmp
- name: data
  mountPath: /data
{{- end -}}

{{/* The API pod's volumes: the data directory is a PVC only for the embedded FalkorDB. */}}
{{- define "retentia.volumes" -}}
- name: scratch
  emptyDir:
    sizeLimit: {{ .Values.scratchSizeLimit }}
{{- if include "retentia.embedded" . }}
- name: data
  persistentVolumeClaim:
    claimName: {{ include "retentia.fullname" . }}-data
{{- else }}
- name: data
  emptyDir:
    sizeLimit: {{ .Values.scratchSizeLimit }}
{{- end }}
{{- end -}}

{{/* Reconciler, maintenance and test pods keep nothing: scratch only. */}}
{{- define "retentia.scratchVolumes" -}}
- name: scratch
  emptyDir:
    sizeLimit: {{ .Values.scratchSizeLimit }}
- name: data
  emptyDir:
    sizeLimit: {{ .Values.scratchSizeLimit }}
{{- end -}}
