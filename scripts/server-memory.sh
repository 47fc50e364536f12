#!/usr/bin/env bash
# Memory settings for the server process, sourced by launch-server.sh (run.sh, the container
# image), bench/run.sh and bench/corpus.sh; each one already set in the environment wins.
# Figures behind them: docs/benchmarks.md (memory) and CHANGELOG.md.
#
# glibc gives each thread that allocates its own arena and keeps freed blocks in it, so
# libvips' tile and codec buffers stay resident once per thread. One arena, which the images in
# flight share, keeps the peak down; the server trims it once images stop coming. glibc's own
# sliding mmap threshold stays: the encoders' buffers are then reused from image to image
# instead of being mapped and faulted in afresh for each one.
export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-1}
# The heap holds little (uploads stream to disk, pixels live in libvips): a small serial-GC
# heap is enough and saves G1's own structures. The Java code only moves bytes and calls the
# encoders, so with SERVICE_IMAGE_QUALITY=fixed, the default, the C1 compiler alone serves it
# (C2's compilations and code cost ~35 MiB). With quality per file (auto), Java also scores the
# pictures at risk: the JVM keeps C2 then, and loads the Vector API, which C2 compiles to vector
# instructions: a score costs a third to a half of the scalar code's CPU, a scored dark photo
# 11-32 % less on the server (docs/quality.md, "The judges"); in JSON
# mode the JVM's boot warning about the incubator module is a JSON line (launch-server.sh). A
# score's planes are tens of MiB on the heap: the heap gives them back after each collection (at
# most 30 % of it left free) instead of keeping the burst's size. With images by URL on
# (SERVICE_IMAGE_URL_KEYS), a cache hit is answered by Java code alone, thousands a second: C2
# serves it at about half C1's CPU per hit for ~25 MiB (docs/benchmarks.md, images by URL).
# With objects in a bucket over http the AWS SDK hashes each body it uploads (SHA-256): C1
# hashes 1.5 MB in ~30 ms, C2 in ~3, but the synchronous route stays within 15 ms of local
# storage on C1 and not on C2 while C2 compiles (docs/benchmarks.md): the bucket keeps C1.
mo_java_opts="-XX:+UseSerialGC -Xms16m -Xmx256m"
if [ "${SERVICE_IMAGE_QUALITY:-fixed}" != fixed ]; then
    mo_java_opts="$mo_java_opts --add-modules jdk.incubator.vector -XX:MaxHeapFreeRatio=30 -XX:MinHeapFreeRatio=10"
elif [ -z "${SERVICE_IMAGE_URL_KEYS:-}" ]; then
    mo_java_opts="$mo_java_opts -XX:TieredStopAtLevel=1"
fi
export MEDIAOPT_JAVA_OPTS=${MEDIAOPT_JAVA_OPTS-$mo_java_opts}
unset mo_java_opts
