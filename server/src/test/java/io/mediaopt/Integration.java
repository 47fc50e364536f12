package io.mediaopt;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test that starts more than the code under test: an HTTP server, PostgreSQL, an S3 store, a
 * browser, or encoders that run for seconds (videos, HLS ladders, a perceptual judge). The quick
 * loop, {@code ./mvnw test}, leaves these out and runs the unit tests alone; {@code ./test.sh}
 * runs them with the rest. A test that starts server processes is {@link ProcessLevel} instead.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("integration")
public @interface Integration {}
