#!/usr/bin/env bash
# Times the synchronous route one call at a time on local storage and on an S3 bucket on
# loopback (S3Proxy in the bench's JVM), for the screenshot and the 12 MP photo, and prints
# the medians and their difference. Options: --calls N --warm-up N --server-jar FILE
# --server-jvm "OPTIONS" --s3-server-jvm "OPTIONS" --media DIR --work DIR.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/prerequisites.sh
source scripts/prerequisites.sh
mo_need_command vips libvips-tools "the bench's generated inputs"
export SERVICE_IMAGE_QUALITY=${SERVICE_IMAGE_QUALITY:-fixed}
# each server with the JVM options its launch gives it (scripts/server-memory.sh);
# MEDIAOPT_JAVA_OPTS set here wins for both, --s3-server-jvm for the one on the bucket
if [ -z "${MEDIAOPT_JAVA_OPTS+set}" ]; then
  MEDIAOPT_S3_JAVA_OPTS=$(SERVICE_OBJECT_BUCKET=media bash -c 'source scripts/server-memory.sh; echo "$MEDIAOPT_JAVA_OPTS"')
  export MEDIAOPT_S3_JAVA_OPTS
fi
# shellcheck source=scripts/server-memory.sh
source scripts/server-memory.sh
# shellcheck source=bench/java.sh
source bench/java.sh
if [ -z "${SYNC_STORAGE_NO_BUILD:-}" ]; then
  bench_package
fi
# S3Proxy logs through logback, at DEBUG unless told otherwise: warnings only, so it costs nothing
mkdir -p bench/target
cat > bench/target/sync-storage-logback.xml <<'XML'
<configuration>
  <appender name="STDERR" class="ch.qos.logback.core.ConsoleAppender">
    <target>System.err</target>
    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level %logger{0} - %msg%n</pattern></encoder>
  </appender>
  <root level="WARN"><appender-ref ref="STDERR"/></root>
</configuration>
XML
exec "$JAVA_HOME/bin/java" -Dlogback.configurationFile=bench/target/sync-storage-logback.xml \
  -cp bench/target/mediaopt-bench.jar io.mediaopt.bench.SyncStorageBench "$@"
