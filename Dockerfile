# mediaopt in a container: built with the Maven wrapper on a JDK 25, run on Debian 12 slim with
# a Java 25 runtime cut down by jlink, ffmpeg and libvips, as an unprivileged user.
#
#   docker build -t mediaopt .
#   docker run -p 8080:8080 -v mediaopt-data:/data mediaopt
#
# /data is SERVICE_OUTPUT_DIR (outputs, uploads in flight, the SQLite job store). Stopping
# waits for SERVICE_SHUTDOWN_GRACE_MS (30 s): give `docker stop -t 40` or compose's
# stop_grace_period more than that. scripts/container-check.sh builds and checks this image.

FROM eclipse-temurin:25-jdk AS build
WORKDIR /src
# What the server's build reads: the root pom lists the modules client, server, cli and bench;
# the build makes only server and what it uses (client), but Maven reads every module's pom, so
# cli/ and bench/ need theirs alone. Documentation and scripts changes keep the cached layers.
COPY mvnw pom.xml ./
COPY .mvn .mvn
COPY cli/pom.xml cli/
COPY bench/pom.xml bench/
COPY client client
COPY server server
# The Maven repository and the wrapper's Maven live in a cache that outlives the build.
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -q -pl server -am -DskipTests package
# Only the JDK modules the server uses (jdeps), and those it reaches by reflection or service
# loading: the runtime is ~70 MB instead of the JDK's ~300 MB.
RUN jdeps --ignore-missing-deps -q --multi-release 25 --print-module-deps server/target/mediaopt-server.jar \
        > /tmp/modules \
    && jlink --add-modules "$(cat /tmp/modules),jdk.zipfs,jdk.charsets,jdk.naming.dns" \
        --strip-java-debug-attributes --no-header-files --no-man-pages --compress=zip-6 --output /opt/java-runtime

# The prebuilt libvips 8.18 run.sh uses, fetched by the same script: one pinned version of
# @img/sharp-libvips-linux-<arch> from the npm registry, checked against its sha512 before it
# is unpacked (LGPL-3.0-or-later; the package's README lists the licences of what it bundles).
# The build stops if it cannot be had. /opt/libvips/libvips-cpp.so names it whatever its version.
FROM eclipse-temurin:25-jdk AS libvips
COPY scripts/libvips-prebuilt.sh /tmp/libvips-prebuilt.sh
RUN command -v curl >/dev/null || { apt-get update \
        && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends curl ca-certificates; } \
    && bash -c 'mo_err() { echo "$*" >&2; exit 1; }; MEDIAOPT_CACHE_DIR=/tmp/cache source /tmp/libvips-prebuilt.sh \
        && test -f "$SERVICE_LIBVIPS_PATH" \
        && mv "$(dirname "$(dirname "$SERVICE_LIBVIPS_PATH")")" /opt/libvips \
        && ln -s "lib/$(basename "$SERVICE_LIBVIPS_PATH")" /opt/libvips/libvips-cpp.so'

FROM debian:bookworm-slim
# ffmpeg 5.1 and libvips 8.14 (with libheif for AVIF and HEIC) are the versions the tests run
# against; images go through the prebuilt libvips, HEIC and GIF inputs through Debian's, as with
# run.sh. tini forwards signals to the JVM and reaps what it leaves; curl runs the health check.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg libvips42 tini curl \
    && apt-get clean && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home --shell /usr/sbin/nologin mediaopt \
    && mkdir -p /data && chown mediaopt:mediaopt /data
COPY --from=build /opt/java-runtime /opt/java
COPY --from=build /src/server/target/mediaopt-server.jar /app/mediaopt-server.jar
COPY --from=libvips /opt/libvips /opt/libvips
COPY scripts/server-memory.sh scripts/json-lines.sh scripts/launch-server.sh /app/

ENV JAVA_HOME=/opt/java \
    PATH=/opt/java/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    LANG=C.UTF-8 \
    PORT=8080 \
    SERVICE_OUTPUT_DIR=/data \
    SERVICE_LIBVIPS_PATH=/opt/libvips/libvips-cpp.so
VOLUME /data
EXPOSE 8080
USER 10001:10001
WORKDIR /data
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD curl -fsS -o /dev/null "http://127.0.0.1:${PORT}/api/health" || exit 1
# tini is PID 1; launch-server.sh, as run.sh, takes the memory settings (server-memory.sh, each
# overridable by the variable of the same name), with SERVICE_LOG_FORMAT=json makes every line
# the JVM writes a JSON object, and replaces itself with the JVM, so SIGTERM reaches the JVM,
# whose shutdown hook finishes or hands back the work in flight.
ENTRYPOINT ["/usr/bin/tini", "--", "/app/launch-server.sh", "-jar", "/app/mediaopt-server.jar"]
